import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two picks of one user at once (two tabs, a fast client) could deadlock inside pick_media():
 * each saves the rated stretches it walked (pick_skips rows, locked until it commits) before it
 * moves the user's place (the pick_laps row), and a place move that lost its compare-and-set
 * still holds the row it re-checked; so one pick could wait on the other's stretches while the
 * other waited on the place. PostgreSQL ended one of them with "deadlock detected", a 500 for
 * the visitor (seen once in 6,600 picks of one user over 10 connections at 1M media).
 *
 * A user's picks now take turns: pick_media() holds a per-user transaction-level advisory lock
 * (key pair 7263110, user id; a pick is one short statement, so the lock lasts a walk) and runs
 * the walk, now pick_media_walk(). One walk at a time per user cannot form that cycle, and two
 * tabs still get different items: the second walks on from where the first left the place.
 * Picks of different users never wait on each other.
 */
export class PickOneAtATime1763850000000 implements MigrationInterface {
  name = 'PickOneAtATime1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER FUNCTION pick_media(integer, integer[]) RENAME TO pick_media_walk`);
    await q.query(`
      CREATE FUNCTION pick_media(p_user integer, p_exclude integer[]) RETURNS integer
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(7263110, p_user);
        RETURN pick_media_walk(p_user, p_exclude);
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION pick_media(integer, integer[])`);
    await q.query(`ALTER FUNCTION pick_media_walk(integer, integer[]) RENAME TO pick_media`);
  }
}
