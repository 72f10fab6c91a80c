import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Waiting jobs of a name run lowest priority first, then oldest first: a visitor's n-th rendition
 * job still waiting gets priority n, so one visitor's flood of uploads cannot hold back another
 * visitor's first (issue 20). Existing jobs keep priority 1, the order they had.
 */
export class JobPriority1764100100000 implements MigrationInterface {
  name = 'JobPriority1764100100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN priority integer NOT NULL DEFAULT 1 CHECK (priority >= 1)`);
    // a visitor's place in the rendition queue: their items still waiting, counted from this index alone
    await q.query(`CREATE INDEX media_renditions_pending_user ON media (user_id) WHERE renditions_state = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_renditions_pending_user`);
    await q.query(`ALTER TABLE jobs DROP COLUMN priority`);
  }
}
