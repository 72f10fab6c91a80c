-- The random pick: the next item for p_user (see pick_media_walk). A user's picks take turns: a
-- per-user transaction-level advisory lock (key pair 7263110, user id) around the walk, because two
-- walks of one user at once (two tabs) could deadlock on each other's pick_skips rows and place.
-- Picks of different users never wait on each other.
CREATE OR REPLACE FUNCTION pick_media(p_user integer, p_exclude integer[]) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263110, p_user);
  RETURN pick_media_walk(p_user, p_exclude);
END $$;
