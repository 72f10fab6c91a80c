-- The rows this statement deleted come off the day they were created on (counts_views()).
CREATE OR REPLACE TRIGGER views_counted_delete AFTER DELETE ON views
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_views();
