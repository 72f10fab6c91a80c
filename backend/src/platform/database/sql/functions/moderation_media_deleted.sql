-- An item deleted while its reports are open (by its owner, an operator or a ban) is decided as
-- deleted; its moderation row (with the snapshot of name, key and uploader) stays.
CREATE OR REPLACE FUNCTION moderation_media_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE moderation mo SET status = 'deleted', decided_at = now(), hidden_by_reports = false
    FROM gone WHERE mo.media_id = gone.id AND mo.status = 'open';
  RETURN NULL;
END $$;
