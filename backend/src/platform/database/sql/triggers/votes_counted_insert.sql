-- The day's counters of the rows this statement inserted (counts_votes()).
CREATE OR REPLACE TRIGGER votes_counted_insert AFTER INSERT ON votes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counts_votes();
