-- An item that becomes pickable (shown again: hidden -> not hidden, or its renditions made:
-- renditions_state -> 'ready') gets a new pick_seq, under the same lock as an insert: laps that
-- finished before count it as new.
CREATE OR REPLACE FUNCTION media_unhidden() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263110043);
  NEW.pick_seq := nextval('media_pick_seq');
  RETURN NEW;
END $$;
