-- The database reset: every counter rebuilt from the tables (counts_truncated()).
CREATE OR REPLACE TRIGGER media_counted_truncate AFTER TRUNCATE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION counts_truncated();
