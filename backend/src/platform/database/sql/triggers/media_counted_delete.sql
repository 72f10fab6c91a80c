-- The rows this statement deleted come off the day they were created on (counts_media()).
CREATE OR REPLACE TRIGGER media_counted_delete AFTER DELETE ON media
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_media();
