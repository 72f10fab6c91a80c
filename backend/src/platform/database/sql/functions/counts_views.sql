-- views_counted_insert / views_counted_delete (statement level, transition tables): the day's views.
CREATE OR REPLACE FUNCTION counts_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_counts AS c (day, shard, views)
    SELECT counts_utc_day(viewed_at), counts_shard(), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET views = c.views + excluded.views;
  ELSE
    INSERT INTO daily_counts AS c (day, shard, views)
    SELECT counts_utc_day(viewed_at), counts_shard(), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET views = c.views + excluded.views;
  END IF;
  RETURN NULL;
END $$;
