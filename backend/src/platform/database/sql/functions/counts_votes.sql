-- votes_counted_insert / votes_counted_delete (statement level, transition tables): the day's
-- votes, and in the same statement the voters who became active (insert) or the voters to look at
-- again (delete: queued for counts_settle(), which alone may clear a user's active flag). Before
-- that, on insert, each voter's users.votes_cast (the admin Users list sorts by it): one UPDATE per
-- voter, a HOT one as no index covers the column, so a vote writes one more small row version and
-- no index entry. A delete does not touch users rows (a media deletion cascades to the votes of
-- many users: locking their rows would deadlock with their votes): counts_settle() recounts the
-- queued users' votes_cast, before the admin lists read it.
CREATE OR REPLACE FUNCTION counts_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- first, and a statement of its own: the users rows are locked before the day's shard row,
    -- in the order the activation below and counts_settle() take them (no deadlock between
    -- two writers taking them the other way round); the activation may update the same rows
    UPDATE users u SET votes_cast = u.votes_cast + p.n
      FROM (SELECT user_id, count(*)::int AS n FROM new_rows GROUP BY user_id) p
     WHERE u.id = p.user_id;
    WITH r AS (SELECT user_id, counts_utc_day(voted_at) AS day FROM new_rows),
    activated AS (
      UPDATE users SET active = true WHERE id IN (SELECT user_id FROM r) AND NOT active RETURNING 1
    ),
    deltas AS (
      SELECT day, count(*)::int AS n, 0 AS active FROM r GROUP BY day
      UNION ALL SELECT counts_utc_day(now()), 0, count(*)::int FROM activated HAVING count(*) > 0
    )
    INSERT INTO daily_counts AS c (day, shard, votes, active_users)
    SELECT day, counts_shard(), sum(n), sum(active) FROM deltas GROUP BY day ORDER BY day
    ON CONFLICT (day, shard) DO UPDATE
      SET votes = c.votes + excluded.votes, active_users = c.active_users + excluded.active_users;
  ELSE
    WITH queued AS (
      INSERT INTO activity_rechecks (user_id) SELECT DISTINCT user_id FROM old_rows ORDER BY 1
      ON CONFLICT DO NOTHING
    )
    INSERT INTO daily_counts AS c (day, shard, votes)
    SELECT counts_utc_day(voted_at), counts_shard(), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET votes = c.votes + excluded.votes;
  END IF;
  RETURN NULL;
END $$;
