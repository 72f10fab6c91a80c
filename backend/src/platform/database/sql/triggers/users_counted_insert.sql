-- The day's counters of the rows this statement inserted (counts_users()).
CREATE OR REPLACE TRIGGER users_counted_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_users();
