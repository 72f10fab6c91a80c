-- Deleted media with open reports are decided as deleted (moderation_media_deleted()).
CREATE OR REPLACE TRIGGER moderation_media_deleted AFTER DELETE ON media
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION moderation_media_deleted();
