-- The database reset: every counter rebuilt from the tables (counts_truncated()).
CREATE OR REPLACE TRIGGER votes_counted_truncate AFTER TRUNCATE ON votes
  FOR EACH STATEMENT EXECUTE FUNCTION counts_truncated();
