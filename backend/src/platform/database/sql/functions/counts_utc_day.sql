-- The UTC day a row was created on: the day its daily_counts figure belongs to.
CREATE OR REPLACE FUNCTION counts_utc_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (ts AT TIME ZONE 'UTC')::date
$$;
