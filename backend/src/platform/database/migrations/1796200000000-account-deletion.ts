import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Delete my account" (issue 27):
 *
 * - `users.deleting_at`: set first, in the request that asks for the deletion (with the sessions
 *   ended and the e-mail freed in the same transaction), so the account opens nothing while the
 *   background job deletes its uploads and votes in batches; the job finds its work from it after
 *   a crash. The partial index makes "who is still being deleted" one probe at start.
 * - `reports.user_id` may be null: a report outlives its reporter's account, for moderation,
 *   without their identity (`ON DELETE SET NULL`). The primary key becomes a unique constraint of
 *   the same name (NULLs are distinct in it), so one report per visitor and item still holds and
 *   the pick's probe still has its index.
 */
export class AccountDeletion1796200000000 implements MigrationInterface {
  name = 'AccountDeletion1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN deleting_at timestamptz`);
    await q.query(`CREATE INDEX users_deleting ON users (id) WHERE deleting_at IS NOT NULL`);
    await q.query(`ALTER TABLE reports DROP CONSTRAINT reports_one_per_user`);
    await q.query(`ALTER TABLE reports ALTER COLUMN user_id DROP NOT NULL`);
    await q.query(`ALTER TABLE reports ADD CONSTRAINT reports_one_per_user UNIQUE (user_id, media_id)`);
    await q.query(`ALTER TABLE reports DROP CONSTRAINT reports_user_id_fkey`);
    await q.query(
      `ALTER TABLE reports ADD CONSTRAINT reports_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reports WHERE user_id IS NULL`);
    await q.query(`ALTER TABLE reports DROP CONSTRAINT reports_user_id_fkey`);
    await q.query(
      `ALTER TABLE reports ADD CONSTRAINT reports_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE`,
    );
    await q.query(`ALTER TABLE reports DROP CONSTRAINT reports_one_per_user`);
    await q.query(`ALTER TABLE reports ALTER COLUMN user_id SET NOT NULL`);
    await q.query(`ALTER TABLE reports ADD CONSTRAINT reports_one_per_user PRIMARY KEY (user_id, media_id)`);
    await q.query(`DROP INDEX users_deleting`);
    await q.query(`ALTER TABLE users DROP COLUMN deleting_at`);
  }
}
