import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vote population's fake users (`users.is_seeded`, set since the first schema) are told apart
 * from visitors in the portal (issue 22): a badge and a filter on Users, and left out of the
 * active and new-user figures. This partial index is what those figures read: the seeded users'
 * count, how many are active and how many were created per day come from it alone (an index-only
 * scan), so their cost grows with the populated users (5,000 at most per population), never with
 * the real ones; it also finds them for the "Remove populated votes and users" job.
 */
export class SeededUsers1764300200000 implements MigrationInterface {
  name = 'SeededUsers1764300200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_seeded ON users (created_at, id) INCLUDE (active) WHERE is_seeded`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_seeded`);
  }
}
