-- The rows this statement deleted come off the day they were created on (counts_votes()).
CREATE OR REPLACE TRIGGER votes_counted_delete AFTER DELETE ON votes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_votes();
