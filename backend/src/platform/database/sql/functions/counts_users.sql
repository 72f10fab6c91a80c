-- users_counted_insert / users_counted_delete (statement level, transition tables): the day's
-- users, active users and saved accounts. A deleted user's own active flag is taken off here
-- (its queued recheck will not find the row).
CREATE OR REPLACE FUNCTION counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_counts AS c (day, shard, users, active_users, saved_accounts)
    SELECT counts_utc_day(created_at), counts_shard(), count(*),
           count(*) FILTER (WHERE active), count(*) FILTER (WHERE email_verified)
      FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET users = c.users + excluded.users,
      active_users = c.active_users + excluded.active_users,
      saved_accounts = c.saved_accounts + excluded.saved_accounts;
  ELSE
    INSERT INTO daily_counts AS c (day, shard, users, active_users, saved_accounts)
    SELECT counts_utc_day(created_at), counts_shard(), -count(*),
           -count(*) FILTER (WHERE active), -count(*) FILTER (WHERE email_verified)
      FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET users = c.users + excluded.users,
      active_users = c.active_users + excluded.active_users,
      saved_accounts = c.saved_accounts + excluded.saved_accounts;
  END IF;
  RETURN NULL;
END $$;
