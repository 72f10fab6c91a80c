import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idle and back-button redirects. Each save appends a row, so the table is its own history;
 * the newest row is the setting in force.
 */
export class TrafficConfigs1763700002000 implements MigrationInterface {
  name = 'TrafficConfigs1763700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS idle_redirect_configs (
        id                 serial PRIMARY KEY,
        idle_redirect_time integer NOT NULL DEFAULT 300 CHECK (idle_redirect_time BETWEEN 30 AND 3600),
        idle_redirect_url  text NOT NULL DEFAULT '',
        is_active          boolean NOT NULL DEFAULT false,
        created_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS idle_redirect_configs_created ON idle_redirect_configs (created_at DESC, id DESC)`,
    );
    await q.query(`
      CREATE TABLE IF NOT EXISTS back_button_configs (
        id              serial PRIMARY KEY,
        back_button_url text NOT NULL DEFAULT '',
        is_active       boolean NOT NULL DEFAULT false,
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS back_button_configs_created ON back_button_configs (created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE back_button_configs, idle_redirect_configs`);
  }
}
