import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job state for the in-process queue (no Redis): kept in the database so it survives a restart
 * and any replica can answer GET /api/admin/jobs/{id}. Leases (locked_until) let a second
 * process take over a job whose process died. job_checkpoints holds resumable progress that a
 * handler writes in the same transaction as its work (BullMQ mode uses it too).
 */
export class Jobs1763730000000 implements MigrationInterface {
  name = 'Jobs1763730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE jobs (
        id            varchar(100) PRIMARY KEY,
        name          varchar(32) NOT NULL,
        payload       jsonb NOT NULL DEFAULT '{}',
        state         varchar(16) NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'active', 'completed', 'failed')),
        exclusive_key varchar(100),
        progress      jsonb NOT NULL DEFAULT '{"percent": 0}',
        result        jsonb,
        error         text,
        attempts_made integer NOT NULL DEFAULT 0,
        max_attempts  integer NOT NULL,
        run_after     timestamptz NOT NULL DEFAULT now(),
        locked_by     varchar(100),
        locked_until  timestamptz,
        created_at    timestamptz NOT NULL DEFAULT now(),
        finished_at   timestamptz
      )`);
    // at most one unfinished job per exclusive key: a second start answers the first job
    await q.query(
      `CREATE UNIQUE INDEX jobs_exclusive_key ON jobs (exclusive_key) WHERE state IN ('waiting', 'active')`,
    );
    await q.query(`CREATE INDEX jobs_unfinished ON jobs (created_at) WHERE state IN ('waiting', 'active')`);
    await q.query(`CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE job_checkpoints (
        job_id     varchar(100) PRIMARY KEY,
        data       jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE job_checkpoints, jobs`);
  }
}
