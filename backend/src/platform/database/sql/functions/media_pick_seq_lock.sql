-- Before a statement inserts media (before the rows' defaults call nextval('media_pick_seq')):
-- the advisory lock "pick_seq is being handed out" (7263110043, any fixed number), held to commit,
-- so pick_seq values become visible in order and a pick lap never misses a later commit.
CREATE OR REPLACE FUNCTION media_pick_seq_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263110043);
  RETURN NULL;
END $$;
