-- The database reset: every counter rebuilt from the tables (counts_truncated()).
CREATE OR REPLACE TRIGGER users_counted_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION counts_truncated();
