import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Ad zones (spec §3 "Ad config"). IF NOT EXISTS: the admin "Ad migration" may have created it. */
export class AdConfigs1763700001000 implements MigrationInterface {
  name = 'AdConfigs1763700001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS ad_configs (
        id         serial PRIMARY KEY,
        zone_id    varchar(32) NOT NULL UNIQUE,
        zone_name  varchar(100) NOT NULL CHECK (length(trim(zone_name)) > 0),
        ad_code    text NOT NULL DEFAULT '',
        is_active  boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ad_configs`);
  }
}
