-- <table>_counted_truncate: the database reset TRUNCATEs users, media, votes and views; the
-- counters are rebuilt from what is left (nothing).
CREATE OR REPLACE FUNCTION counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM counts_rebuild();
  RETURN NULL;
END $$;
