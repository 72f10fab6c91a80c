-- media_counted_insert / media_counted_delete (statement level, transition tables): the day's
-- uploads, and in the same statement the uploaders who became active (insert) or the uploaders to
-- look at again (delete: queued for counts_settle(), which alone may clear a user's active flag).
-- Before that, on insert, each uploader's users.uploads (the admin Users list sorts by it); a
-- delete leaves it to counts_settle(), as counts_votes() does for votes_cast.
CREATE OR REPLACE FUNCTION counts_media() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- first, and a statement of its own: the users rows are locked before the day's shard row,
    -- in the order the activation below and counts_settle() take them (no deadlock between
    -- two writers taking them the other way round); the activation may update the same rows
    UPDATE users u SET uploads = u.uploads + p.n
      FROM (SELECT user_id, count(*)::int AS n FROM new_rows GROUP BY user_id) p
     WHERE u.id = p.user_id;
    WITH r AS (SELECT user_id, counts_utc_day(uploaded_at) AS day FROM new_rows),
    activated AS (
      UPDATE users SET active = true WHERE id IN (SELECT user_id FROM r) AND NOT active RETURNING 1
    ),
    deltas AS (
      SELECT day, count(*)::int AS n, 0 AS active FROM r GROUP BY day
      UNION ALL SELECT counts_utc_day(now()), 0, count(*)::int FROM activated HAVING count(*) > 0
    )
    INSERT INTO daily_counts AS c (day, shard, uploads, active_users)
    SELECT day, counts_shard(), sum(n), sum(active) FROM deltas GROUP BY day ORDER BY day
    ON CONFLICT (day, shard) DO UPDATE
      SET uploads = c.uploads + excluded.uploads, active_users = c.active_users + excluded.active_users;
  ELSE
    WITH queued AS (
      INSERT INTO activity_rechecks (user_id) SELECT DISTINCT user_id FROM old_rows ORDER BY 1
      ON CONFLICT DO NOTHING
    )
    INSERT INTO daily_counts AS c (day, shard, uploads)
    SELECT counts_utc_day(uploaded_at), counts_shard(), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET uploads = c.uploads + excluded.uploads;
  END IF;
  RETURN NULL;
END $$;
