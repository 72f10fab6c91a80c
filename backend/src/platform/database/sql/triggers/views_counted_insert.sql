-- The day's counters of the rows this statement inserted (counts_views()).
CREATE OR REPLACE TRIGGER views_counted_insert AFTER INSERT ON views
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_views();
