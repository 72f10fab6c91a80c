import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What operators watch and what runs once per deployment: each process that runs jobs writes a
 * heartbeat (health says when none is fresh: jobs and mail would wait forever), and
 * `scheduled_runs` lets one process of many claim a periodic task (the hourly orphan sweep).
 */
export class Operations1763880000000 implements MigrationInterface {
  name = 'Operations1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE process_heartbeats (
        id         varchar(200) PRIMARY KEY,
        version    varchar(100) NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        seen_at    timestamptz NOT NULL DEFAULT now(),
        stopped_at timestamptz
      )`);
    await q.query(`CREATE INDEX process_heartbeats_seen ON process_heartbeats (seen_at)`);
    await q.query(`
      CREATE TABLE scheduled_runs (
        name        varchar(64) PRIMARY KEY,
        last_run_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE scheduled_runs`);
    await q.query(`DROP TABLE process_heartbeats`);
  }
}
