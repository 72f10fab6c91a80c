-- Statement level and BEFORE: the pick_seq lock is taken before the rows' defaults call nextval
-- (media_pick_seq_lock()).
CREATE OR REPLACE TRIGGER media_pick_seq_insert BEFORE INSERT ON media
  FOR EACH STATEMENT EXECUTE FUNCTION media_pick_seq_lock();
