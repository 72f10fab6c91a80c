-- The daily_counts row this connection adds to (its shard of a day): concurrent writers on
-- different connections never queue on one row lock. counts_settle() books into shard 8.
CREATE OR REPLACE FUNCTION counts_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 8)::smallint
$$;
