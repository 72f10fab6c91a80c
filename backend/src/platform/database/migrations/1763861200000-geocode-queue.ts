import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reverse geocoding moves out of the admin's requests into the background (issue 22): the users
 * list answers at once with what `geocode_cache` knows and queues the places it lacks; one loop
 * per job-running process drains the queue, paced deployment-wide by `geocode_pace` (one request
 * per second to Nominatim however many processes run).
 *
 * - `queued_at`: a lookup is wanted (set by a list, cleared when the lookup's answer is saved).
 * - `claimed_until`: a loop is asking the geocoder for it; another may take it over after this
   (that loop's process died).
 * - `refresh_after`: when the entry is due again (30 days after a name, 10 minutes after a failed
 *   lookup); NULL: never looked up. A failed refresh keeps the old name (`label`) and retries later.
 * - `fetched_at`: when the last lookup answered; NULL until one did.
 */
export class GeocodeQueue1763861200000 implements MigrationInterface {
  name = 'GeocodeQueue1763861200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE geocode_cache ALTER COLUMN fetched_at DROP NOT NULL, ALTER COLUMN fetched_at DROP DEFAULT`,
    );
    await q.query(
      `ALTER TABLE geocode_cache ADD COLUMN queued_at timestamptz, ADD COLUMN claimed_until timestamptz, ADD COLUMN refresh_after timestamptz`,
    );
    await q.query(
      `UPDATE geocode_cache SET refresh_after = fetched_at + CASE WHEN label IS NULL THEN interval '10 minutes' ELSE interval '30 days' END`,
    );
    await q.query(`CREATE INDEX geocode_cache_queued ON geocode_cache (queued_at) WHERE queued_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE geocode_pace (
        id      smallint PRIMARY KEY CHECK (id = 1),
        next_at timestamptz NOT NULL
      )`);
    await q.query(`INSERT INTO geocode_pace (id, next_at) VALUES (1, '-infinity')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE geocode_pace`);
    await q.query(`DROP INDEX geocode_cache_queued`);
    await q.query(
      `ALTER TABLE geocode_cache DROP COLUMN queued_at, DROP COLUMN claimed_until, DROP COLUMN refresh_after`,
    );
    await q.query(`UPDATE geocode_cache SET fetched_at = now() WHERE fetched_at IS NULL`);
    await q.query(
      `ALTER TABLE geocode_cache ALTER COLUMN fetched_at SET NOT NULL, ALTER COLUMN fetched_at SET DEFAULT now()`,
    );
  }
}
