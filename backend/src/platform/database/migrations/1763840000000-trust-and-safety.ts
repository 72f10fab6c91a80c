import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports, moderation decisions, bans and the operators' audit log (issue 12).
 *
 * - `reports`: one per (user, media) by its primary key, which is also what the random pick's
 *   anti-join reads to keep a reported item away from its reporter. `dismissed_at` is set when an
 *   operator keeps the item: the report stays (the reporter still never sees the item, and cannot
 *   report it twice) but no longer counts toward the threshold.
 * - `moderation`: one row per reported media with the running tallies of its open reports, so the
 *   queue is read without aggregating reports, and a snapshot of the media (name, key, uploader)
 *   that outlives a deleted item. Keyed by media id without a foreign key for that reason; the
 *   uploader's foreign key makes the database reset (TRUNCATE users CASCADE) empty it too.
 *   A trigger closes the open row of any media deleted by whatever path.
 * - `users.banned_at`: a banned user reads but cannot upload, vote or report.
 * - `audit_log`: append-only. A row trigger refuses UPDATE and DELETE; nothing references it, so
 *   the database reset (TRUNCATE of the visitor tables) leaves it alone.
 */
export class TrustAndSafety1763840000000 implements MigrationInterface {
  name = 'TrustAndSafety1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN banned_at timestamptz`);
    await q.query(`CREATE INDEX users_banned ON users (banned_at) WHERE banned_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE reports (
        user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        media_id     integer NOT NULL REFERENCES media(id) ON DELETE CASCADE,
        reason       varchar(16) NOT NULL,
        note         varchar(200),
        created_at   timestamptz NOT NULL DEFAULT now(),
        dismissed_at timestamptz,
        CONSTRAINT reports_one_per_user PRIMARY KEY (user_id, media_id),
        CONSTRAINT reports_reason CHECK (reason IN ('sexual', 'violence', 'hate', 'spam', 'minor', 'copyright', 'other')),
        CONSTRAINT reports_other_note CHECK (reason <> 'other' OR (note IS NOT NULL AND btrim(note) <> ''))
      )`);
    await q.query(`CREATE INDEX reports_media ON reports (media_id)`);

    await q.query(`
      CREATE TABLE moderation (
        media_id          integer PRIMARY KEY,
        storage_key       varchar(512) NOT NULL,
        mime_type         varchar(100) NOT NULL,
        original_name     varchar(255) NOT NULL,
        uploader_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        uploader_name     varchar(64) NOT NULL,
        status            varchar(8) NOT NULL DEFAULT 'open',
        reports           integer NOT NULL DEFAULT 0,
        reasons           jsonb NOT NULL DEFAULT '{}'::jsonb,
        notes             text[] NOT NULL DEFAULT '{}',
        hidden_by_reports boolean NOT NULL DEFAULT false,
        first_reported_at timestamptz NOT NULL DEFAULT now(),
        last_reported_at  timestamptz NOT NULL DEFAULT now(),
        decided_at        timestamptz,
        CONSTRAINT moderation_status CHECK (status IN ('open', 'kept', 'deleted', 'banned')),
        CONSTRAINT moderation_decided CHECK ((status = 'open') = (decided_at IS NULL))
      )`);
    await q.query(`CREATE INDEX moderation_queue ON moderation (status, reports DESC, media_id DESC)`);
    await q.query(`CREATE INDEX moderation_uploader ON moderation (uploader_id) WHERE status = 'open'`);

    // an item deleted while its reports are open (by its owner, an operator or a ban) is decided as deleted
    await q.query(`
      CREATE FUNCTION moderation_media_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE moderation mo SET status = 'deleted', decided_at = now(), hidden_by_reports = false
          FROM gone WHERE mo.media_id = gone.id AND mo.status = 'open';
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER moderation_media_deleted AFTER DELETE ON media
        REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION moderation_media_deleted()`);

    await q.query(`
      CREATE TABLE audit_log (
        id             bigserial PRIMARY KEY,
        at             timestamptz NOT NULL DEFAULT clock_timestamp(),
        admin          varchar(100) NOT NULL,
        action         varchar(40) NOT NULL,
        target         text NOT NULL DEFAULT '',
        outcome        varchar(6) NOT NULL,
        detail         text,
        client_address varchar(64) NOT NULL,
        CONSTRAINT audit_log_outcome CHECK (outcome IN ('ok', 'failed'))
      )`);
    await q.query(`CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_action_at ON audit_log (action, at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP TRIGGER moderation_media_deleted ON media`);
    await q.query(`DROP FUNCTION moderation_media_deleted()`);
    await q.query(`DROP TABLE moderation`);
    await q.query(`DROP TABLE reports`);
    await q.query(`DROP INDEX users_banned`);
    await q.query(`ALTER TABLE users DROP COLUMN banned_at`);
  }
}
