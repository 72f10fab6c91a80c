-- The database reset: every counter rebuilt from the tables (counts_truncated()).
CREATE OR REPLACE TRIGGER views_counted_truncate AFTER TRUNCATE ON views
  FOR EACH STATEMENT EXECUTE FUNCTION counts_truncated();
