-- Every counter from the tables: the first backfill, and after a TRUNCATE (the database reset
-- empties the tables first, so then it is cheap).
CREATE OR REPLACE FUNCTION counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET active = true
   WHERE NOT active AND id IN (SELECT user_id FROM media UNION SELECT user_id FROM votes);
  UPDATE users SET active = false
   WHERE active
     AND NOT EXISTS (SELECT 1 FROM media m WHERE m.user_id = users.id)
     AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = users.id);
  -- the per-user counters of the admin Users list (only rows that differ are written)
  UPDATE users u SET votes_cast = c.votes_cast, uploads = c.uploads
    FROM (SELECT x.id, (SELECT count(*) FROM votes v WHERE v.user_id = x.id)::int AS votes_cast,
                 (SELECT count(*) FROM media m WHERE m.user_id = x.id)::int AS uploads FROM users x) c
   WHERE u.id = c.id AND (u.votes_cast, u.uploads) IS DISTINCT FROM (c.votes_cast, c.uploads);
  DELETE FROM activity_rechecks;
  DELETE FROM daily_counts;
  INSERT INTO daily_counts (day, shard, users, uploads, votes, views, active_users, saved_accounts)
  SELECT day, 0, sum(users), sum(uploads), sum(votes), sum(views), sum(active), sum(saved) FROM (
    SELECT counts_utc_day(created_at) AS day, count(*) AS users, 0 AS uploads, 0 AS votes, 0 AS views,
           count(*) FILTER (WHERE active) AS active, count(*) FILTER (WHERE email_verified) AS saved
      FROM users GROUP BY 1
    UNION ALL SELECT counts_utc_day(uploaded_at), 0, count(*), 0, 0, 0, 0 FROM media GROUP BY 1
    UNION ALL SELECT counts_utc_day(voted_at), 0, 0, count(*), 0, 0, 0 FROM votes GROUP BY 1
    UNION ALL SELECT counts_utc_day(viewed_at), 0, 0, 0, count(*), 0, 0 FROM views GROUP BY 1
  ) x GROUP BY day;
END $$;
