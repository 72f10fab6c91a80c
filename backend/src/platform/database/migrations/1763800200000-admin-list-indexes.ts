import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin lists' default orders (media newest first, users newest first) read the first page
 * from an index instead of sorting every row: the Media page's first load at 100k media went from
 * a 100k-row sort per request to an index walk of 24 entries.
 */
export class AdminListIndexes1763800200000 implements MigrationInterface {
  name = 'AdminListIndexes1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX media_uploaded_id ON media (uploaded_at, id)`);
    // the users list orders `created_at DESC NULLS LAST, id DESC`: the index must say the same
    await q.query(`CREATE INDEX users_created_id ON users (created_at DESC NULLS LAST, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_uploaded_id, users_created_id`);
  }
}
