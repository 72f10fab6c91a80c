import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `media.upload_key`: the visitor app's `Idempotency-Key` of an upload, one per queued file and
 * kept across its retries. A retry after a dropped connection (the file may already be stored,
 * its answer lost) gets the row it made instead of a second copy; two tries racing each other
 * meet in the unique index. Per user: a key means nothing for anyone else's uploads.
 * Nothing in the vote path writes these columns, so tally updates stay HOT.
 */
export class MediaUploadKey1763861100000 implements MigrationInterface {
  name = 'MediaUploadKey1763861100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media ADD COLUMN upload_key varchar(64)`);
    await q.query(
      `CREATE UNIQUE INDEX media_user_upload_key ON media (user_id, upload_key) WHERE upload_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_user_upload_key`);
    await q.query(`ALTER TABLE media DROP COLUMN upload_key`);
  }
}
