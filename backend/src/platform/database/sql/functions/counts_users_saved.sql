-- users_counted_saved (row level, only when email_verified changes): a saved account more or less today.
CREATE OR REPLACE FUNCTION counts_users_saved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_counts AS c (day, shard, saved_accounts)
  VALUES (counts_utc_day(now()), counts_shard(), CASE WHEN NEW.email_verified THEN 1 ELSE -1 END)
  ON CONFLICT (day, shard) DO UPDATE SET saved_accounts = c.saved_accounts + excluded.saved_accounts;
  RETURN NULL;
END $$;
