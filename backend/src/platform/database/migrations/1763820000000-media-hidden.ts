import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media kept out of every random pick while operators decide (reported past the threshold, or
 * its owner banned). One flag on the row so the pick's index can leave hidden items out instead
 * of walking past them; moderation owns when it is set and cleared.
 */
export class MediaHidden1763820000000 implements MigrationInterface {
  name = 'MediaHidden1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media ADD COLUMN hidden boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media DROP COLUMN hidden`);
  }
}
