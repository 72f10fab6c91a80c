import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reverse-geocoding answers for the admin users list, keyed by coordinates rounded to 2 decimals
 * (~1 km, finer than the city-level lookup). A null label records a failed lookup for a while.
 */
export class GeocodeCache1763720001000 implements MigrationInterface {
  name = 'GeocodeCache1763720001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE geocode_cache (
        lat_key    numeric(5, 2) NOT NULL CHECK (lat_key BETWEEN -90 AND 90),
        lon_key    numeric(5, 2) NOT NULL CHECK (lon_key BETWEEN -180 AND 180),
        label      text,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (lat_key, lon_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE geocode_cache`);
  }
}
