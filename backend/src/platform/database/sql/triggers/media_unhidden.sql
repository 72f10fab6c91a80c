-- An item that becomes pickable takes a new pick_seq (media_unhidden()): shown again, or rendered
-- (others are offered an item only once its renditions exist).
CREATE OR REPLACE TRIGGER media_unhidden BEFORE UPDATE OF hidden, renditions_state ON media
  FOR EACH ROW WHEN ((OLD.hidden OR OLD.renditions_state <> 'ready') AND NOT NEW.hidden AND NEW.renditions_state = 'ready')
  EXECUTE FUNCTION media_unhidden();
