import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The address an item was uploaded from, kept only while it waits for its renditions: the
 * rendition queue ranks an upload behind everything still waiting from the same visitor or the
 * same address, so one address cannot jump the queue by opening many sessions (issue 20). The
 * column is cleared as soon as the renditions are made or have failed.
 */
export class MediaUploadAddress1764100200000 implements MigrationInterface {
  name = 'MediaUploadAddress1764100200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media ADD COLUMN upload_address varchar(64)`);
    await q.query(
      `CREATE INDEX media_renditions_pending_address ON media (upload_address)
        WHERE renditions_state = 'pending' AND upload_address IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_renditions_pending_address`);
    await q.query(`ALTER TABLE media DROP COLUMN upload_address`);
  }
}
