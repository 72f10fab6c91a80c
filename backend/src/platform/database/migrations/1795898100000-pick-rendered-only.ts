import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: an item is offered to other visitors only once its renditions exist (screens show
 * renditions only, never the original). The random pick's two indexes hold exactly the pickable
 * items, so their predicate gains `renditions_state = 'ready'`; the walk (pick_media_walk.sql)
 * asks the same, and an item that becomes ready takes a new pick_seq like an unhidden one
 * (media_unhidden.sql), so laps that finished before count it as new.
 */
export class PickRenderedOnly1795898100000 implements MigrationInterface {
  name = 'PickRenderedOnly1795898100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_pickable`);
    await q.query(`DROP INDEX media_by_pick_seq`);
    await q.query(
      `CREATE INDEX media_pickable ON media (random_key, id) INCLUDE (user_id) WHERE NOT hidden AND renditions_state = 'ready'`,
    );
    await q.query(
      `CREATE INDEX media_by_pick_seq ON media (pick_seq) INCLUDE (user_id) WHERE NOT hidden AND renditions_state = 'ready'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_pickable`);
    await q.query(`DROP INDEX media_by_pick_seq`);
    await q.query(`CREATE INDEX media_pickable ON media (random_key, id) INCLUDE (user_id) WHERE NOT hidden`);
    await q.query(`CREATE INDEX media_by_pick_seq ON media (pick_seq) INCLUDE (user_id) WHERE NOT hidden`);
  }
}
