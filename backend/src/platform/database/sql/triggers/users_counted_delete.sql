-- The rows this statement deleted come off the day they were created on (counts_users()).
CREATE OR REPLACE TRIGGER users_counted_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_users();
