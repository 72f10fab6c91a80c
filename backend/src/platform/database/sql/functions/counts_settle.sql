-- The queued rechecks (activity_rechecks, filled by deletes): lock the users (waits for their
-- votes in flight), then look with a fresh snapshot (a new statement): recount their votes cast and
-- uploads, and clear the active flags of users with no upload and no vote left. Run by the reads
-- of the totals and of the users list. Books into shard 8, which only this function writes: it never waits on a
-- writer's shard row, and it holds no other locks, so nothing waits on it in a cycle.
-- Answers how many queued users it looked at.
CREATE OR REPLACE FUNCTION counts_settle(batch integer DEFAULT 5000) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  cleared integer;
BEGIN
  SELECT array_agg(user_id ORDER BY user_id) INTO ids FROM (
    SELECT user_id FROM activity_rechecks ORDER BY user_id LIMIT batch FOR UPDATE SKIP LOCKED) x;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM users WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  -- their votes cast and uploads, which deletes leave to this recount (counts_votes(), counts_media());
  -- a vote in flight adds itself after this count, once it has the row lock this holds
  UPDATE users u SET votes_cast = c.votes_cast, uploads = c.uploads
    FROM (SELECT x.id, (SELECT count(*) FROM votes v WHERE v.user_id = x.id)::int AS votes_cast,
                 (SELECT count(*) FROM media m WHERE m.user_id = x.id)::int AS uploads
            FROM unnest(ids) AS x(id)) c
   WHERE u.id = c.id AND (u.votes_cast, u.uploads) IS DISTINCT FROM (c.votes_cast, c.uploads);
  WITH off AS (
    UPDATE users SET active = false
     WHERE id = ANY(ids) AND active
       AND NOT EXISTS (SELECT 1 FROM media m WHERE m.user_id = users.id)
       AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = users.id)
    RETURNING 1)
  SELECT count(*) INTO cleared FROM off;
  DELETE FROM activity_rechecks WHERE user_id = ANY(ids);
  IF cleared > 0 THEN
    INSERT INTO daily_counts AS c (day, shard, active_users) VALUES (counts_utc_day(now()), 8, -cleared)
    ON CONFLICT (day, shard) DO UPDATE SET active_users = c.active_users + excluded.active_users;
  END IF;
  RETURN cardinality(ids);
END $$;
