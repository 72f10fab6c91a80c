import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vote population runs. The row is the checkpoint: every batch of at most 500 votes commits its
 * votes, views, media tallies and the advanced cursor (last_media_id) together, so a stopped or
 * killed worker resumes after the last committed media and never inserts twice.
 */
export class PopulationRuns1763730001000 implements MigrationInterface {
  name = 'PopulationRuns1763730001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE population_runs (
        id                 serial PRIMARY KEY,
        state              varchar(16) NOT NULL CHECK (state IN ('running', 'paused', 'stopped', 'completed', 'failed')),
        segment            integer NOT NULL DEFAULT 1,
        job_id             varchar(100),
        max_media_id       integer NOT NULL,
        total_media_count  integer NOT NULL,
        last_media_id      integer NOT NULL DEFAULT 0,
        media_processed    integer NOT NULL DEFAULT 0,
        votes_inserted     bigint NOT NULL DEFAULT 0,
        hot_votes_inserted bigint NOT NULL DEFAULT 0,
        views_inserted     bigint NOT NULL DEFAULT 0,
        pool_user_ids      integer[],
        users_created      integer NOT NULL DEFAULT 0,
        user_id_min        integer,
        user_id_max        integer,
        message            text,
        created_at         timestamptz NOT NULL DEFAULT now(),
        updated_at         timestamptz NOT NULL DEFAULT now(),
        finished_at        timestamptz
      )`);
    // one run at a time, even when two API replicas get "start" at once
    await q.query(
      `CREATE UNIQUE INDEX population_runs_one_active ON population_runs ((true)) WHERE state IN ('running', 'paused')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE population_runs`);
  }
}
