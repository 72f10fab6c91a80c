-- An item shown again takes a new pick_seq (media_unhidden()).
CREATE OR REPLACE TRIGGER media_unhidden BEFORE UPDATE OF hidden ON media
  FOR EACH ROW WHEN (OLD.hidden AND NOT NEW.hidden) EXECUTE FUNCTION media_unhidden();
