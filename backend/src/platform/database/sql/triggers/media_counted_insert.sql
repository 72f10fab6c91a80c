-- The day's counters of the rows this statement inserted (counts_media()).
CREATE OR REPLACE TRIGGER media_counted_insert AFTER INSERT ON media
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_media();
