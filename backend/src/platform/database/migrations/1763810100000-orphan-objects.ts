import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored objects that may have no media row: written down before an upload's object is stored
 * (cleared with the row's insert) and when a media row is deleted (cleared once its object is
 * gone). A crash in between leaves the row here, and the orphan sweep deletes the object. Objects
 * a database reset leaves in the bucket are never listed, so Import Media can bring them back.
 */
export class OrphanObjects1763810100000 implements MigrationInterface {
  name = 'OrphanObjects1763810100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orphan_objects (
        storage_key varchar(512) PRIMARY KEY,
        reason      varchar(16) NOT NULL CHECK (reason IN ('upload', 'delete')),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX orphan_objects_created ON orphan_objects (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orphan_objects`);
  }
}
