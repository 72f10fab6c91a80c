import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '../../../../platform/database/sql.js';
import { SystemUsers } from '../../../users/system-users.js';
import {
  MEDIA_PER_BATCH,
  poolSize,
  type PopulationRun,
  type RemovedCounts,
  type RunState,
} from '../domain/population.js';
import { type BatchOutcome, PopulationRepository } from '../population.repository.js';
import { WITHDRAW_TALLIES } from '../../infrastructure/withdraw-tallies.sql.js';

interface RunRow {
  id: number;
  state: RunState;
  segment: number;
  job_id: string | null;
  last_media_id: number;
  max_media_id: number;
  total_media_count: number;
  media_processed: number;
  votes_inserted: string | number;
  hot_votes_inserted: string | number;
  users_created: number;
  user_id_min: number | null;
  user_id_max: number | null;
  message: string | null;
  created_at: Date;
  finished_at: Date | null;
  idle_ms: number | string;
}

const toRun = (r: RunRow): PopulationRun => ({
  id: r.id,
  state: r.state,
  segment: r.segment,
  jobId: r.job_id,
  totalMediaCount: r.total_media_count,
  mediaProcessed: r.media_processed,
  votesInserted: Number(r.votes_inserted),
  hotVotesInserted: Number(r.hot_votes_inserted),
  usersCreated: r.users_created,
  userIdMin: r.user_id_min,
  userIdMax: r.user_id_max,
  message: r.message,
  createdAt: new Date(r.created_at),
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  idleMs: Number(r.idle_ms),
});

/** Everything but the fake-user id list, which only the batch statement reads. */
const COLUMNS = `id, state, segment, job_id, last_media_id, max_media_id, total_media_count, media_processed, votes_inserted, hot_votes_inserted,
  users_created, user_id_min, user_id_max, message, created_at, finished_at,
  (extract(epoch FROM clock_timestamp() - updated_at) * 1000)::float8 AS idle_ms`;

/**
 * One checkpoint as one statement: pick the next media after the cursor ($5, up to the run's
 * last media $6, both parameters so the primary key range scan is used), draw 10–50 votes and a
 * 70–100 % Hot bias for each (keeping the batch within $2 votes), insert votes and views for
 * distinct fake users ($4, the run's pool: a parameter, so no row re-reads a toasted array),
 * bump the media tallies and advance the cursor. Runs inside the batch transaction that holds
 * the run row's lock. No ON CONFLICT: the users are this run's own and each media is visited
 * once, so a duplicate would be a bug and must fail loudly. The outer SELECT (not UPDATE) keeps
 * the driver's answer a plain row list on both pg and PGlite.
 */
const BATCH_SQL = `
WITH cand AS MATERIALIZED (
  SELECT m.id,
         10 + floor(random() * 41)::int AS n,
         0.70 + random() * 0.30 AS bias,
         floor(random() * cardinality($4::int[]))::int AS off
  FROM media m
  WHERE m.id > $5 AND m.id <= $6
  ORDER BY m.id
  LIMIT $3
),
batch AS MATERIALIZED (
  SELECT id, n, bias, off
  FROM (SELECT c.*, sum(c.n) OVER (ORDER BY c.id) AS cum, row_number() OVER (ORDER BY c.id) AS rn FROM cand c) s
  WHERE cum <= $2 OR rn = 1
),
ins AS (
  INSERT INTO votes (user_id, media_id, is_hot, is_seeded)
  SELECT ($4::int[])[1 + (b.off + k) % cardinality($4::int[])], b.id, random() < b.bias, true
  FROM batch b CROSS JOIN LATERAL generate_series(0, b.n - 1) AS k
  RETURNING user_id, media_id, is_hot
),
vw AS (
  INSERT INTO views (user_id, media_id)
  SELECT user_id, media_id FROM ins
  RETURNING media_id
),
vw_count AS (SELECT media_id, count(*) AS views FROM vw GROUP BY media_id),
per_media AS (
  SELECT media_id, count(*) AS votes, count(*) FILTER (WHERE is_hot) AS hot FROM ins GROUP BY media_id
),
tallies AS (
  UPDATE media m SET
    total_votes = m.total_votes + p.votes,
    hot_votes = m.hot_votes + p.hot,
    total_views = m.total_views + coalesce(v.views, 0)
  FROM per_media p LEFT JOIN vw_count v USING (media_id)
  -- spelled out as an id list so the planner probes the primary key instead of scanning media
  WHERE m.id = p.media_id AND m.id = ANY(ARRAY(SELECT id FROM batch))
  RETURNING m.id
),
cursor AS (
  UPDATE population_runs r SET
    last_media_id = coalesce((SELECT max(id) FROM batch), $5),
    media_processed = r.media_processed + (SELECT count(*) FROM batch),
    votes_inserted = r.votes_inserted + (SELECT coalesce(sum(votes), 0) FROM per_media),
    hot_votes_inserted = r.hot_votes_inserted + (SELECT coalesce(sum(hot), 0) FROM per_media),
    views_inserted = r.views_inserted + (SELECT count(*) FROM vw),
    updated_at = now()
  WHERE r.id = $1
  RETURNING ${COLUMNS}
)
SELECT cursor.*, (SELECT count(*) FROM batch)::int AS batch_media FROM cursor`;

@Injectable()
export class TypeormPopulationRepository extends PopulationRepository {
  constructor(
    private readonly db: Database,
    private readonly users: SystemUsers,
  ) {
    super();
  }

  async current(): Promise<PopulationRun | null> {
    const row = await this.db.one<RunRow>(
      `SELECT ${COLUMNS} FROM population_runs ORDER BY (state IN ('running', 'paused')) DESC, id DESC LIMIT 1`,
    );
    return row ? toRun(row) : null;
  }

  async mediaCount(): Promise<number> {
    const row = await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM media`);
    return Number(row!.n);
  }

  async create(): Promise<PopulationRun | null> {
    // the partial unique index turns a second active run into "nothing inserted"
    const row = await this.db.one<RunRow>(
      `INSERT INTO population_runs (state, max_media_id, total_media_count)
       SELECT 'running', coalesce(max(id), 0), count(*) FROM media
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
    );
    return row ? toRun(row) : null;
  }

  async setJobId(runId: number, jobId: string): Promise<void> {
    await this.db.rows(`UPDATE population_runs SET job_id = $2 WHERE id = $1`, [runId, jobId]);
  }

  async transition(
    from: RunState[],
    to: RunState,
    options: { newSegment?: boolean } = {},
  ): Promise<PopulationRun | null> {
    const row = await this.db.one<RunRow>(
      `UPDATE population_runs SET state = $2::varchar, segment = segment + $3, updated_at = now(),
         finished_at = CASE WHEN $2::varchar IN ('stopped', 'completed', 'failed') THEN now() END
       WHERE state = ANY($1::varchar[]) AND state IN ('running', 'paused')
       RETURNING ${COLUMNS}`,
      [from, to, options.newSegment ? 1 : 0],
    );
    return row ? toRun(row) : null;
  }

  async resumeLost(runId: number, segment: number): Promise<PopulationRun | null> {
    const row = await this.db.one<RunRow>(
      `UPDATE population_runs SET segment = segment + 1, job_id = NULL, updated_at = now()
       WHERE id = $1 AND segment = $2 AND state = 'running'
       RETURNING ${COLUMNS}`,
      [runId, segment],
    );
    return row ? toRun(row) : null;
  }

  async runBatch(runId: number, segment: number, maxVotes: number): Promise<BatchOutcome> {
    return this.db.transaction(async (tx) => {
      // The row lock serialises batches, pause and stop: a change of state is seen at the next batch.
      // A batch lost to a database crash is simply done again (votes and cursor commit together),
      // so its commit need not wait for the WAL flush (synchronous_commit off, this transaction only).
      const locked = await tx.one<RunRow & { pool: number[] | null }>(
        `SELECT ${COLUMNS}, pool_user_ids AS pool, set_config('synchronous_commit', 'off', true)
         FROM population_runs WHERE id = $1 FOR UPDATE`,
        [runId],
      );
      if (!locked) throw new Error(`Population run ${runId} no longer exists (was the database reset?)`);
      if (locked.state !== 'running' || locked.segment !== segment) return { kind: 'halted', run: toRun(locked) };
      // read with the row every batch, never cached: the pool must be the one in the database now
      const pool = locked.pool ?? (await this.createPool(tx, locked));
      // a named statement: parsed and planned once per connection instead of once per batch
      const [row] = await tx.prepared<RunRow & { batch_media: number }>('population-batch', BATCH_SQL, [
        runId,
        maxVotes,
        MEDIA_PER_BATCH,
        pool,
        locked.last_media_id,
        locked.max_media_id,
      ]);
      if (row!.batch_media > 0) return { kind: 'progress', run: toRun(row!) };
      const done = await tx.one<RunRow>(
        `UPDATE population_runs SET state = 'completed', finished_at = now(), updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [runId],
      );
      return { kind: 'completed', run: toRun(done!) };
    });
  }

  /** The run's fake users (session module), created with the first batch and kept on the run. */
  private async createPool(tx: Transaction, run: RunRow): Promise<number[]> {
    const ids = await this.users.createSeeded(tx, poolSize(run.total_media_count));
    await tx.rows(
      `UPDATE population_runs SET pool_user_ids = $2::int[], users_created = $3, user_id_min = $4, user_id_max = $5 WHERE id = $1`,
      [run.id, ids, ids.length, ids[0], ids[ids.length - 1]],
    );
    return ids;
  }

  async fail(runId: number, segment: number, message: string): Promise<void> {
    await this.db.rows(
      `UPDATE population_runs SET state = 'failed', message = $3, finished_at = now(), updated_at = now()
       WHERE id = $1 AND segment = $2 AND state = 'running'`,
      [runId, segment, message],
    );
  }

  async seededUsers(): Promise<{ count: number; maxId: number | null }> {
    const row = await this.db.one<{ count: number; max_id: number | null }>(
      `SELECT count(*)::int AS count, max(id) AS max_id FROM users WHERE is_seeded`,
    );
    return { count: row!.count, maxId: row!.max_id };
  }

  async removeBatch(maxUserId: number, users: number): Promise<RemovedCounts> {
    return this.db.transaction(async (tx) => {
      // the users' votes and views go here (not by the users' cascade) so the media tallies lose
      // exactly what went, in the same statement; the users themselves are the session module's to delete
      const [row] = await tx.rows<{ ids: number[] | null; votes: number; views: number }>(
        `WITH u AS MATERIALIZED (
           SELECT id FROM users WHERE is_seeded AND id <= $1 ORDER BY id LIMIT $2 FOR UPDATE
         ),
         dv AS (DELETE FROM votes v USING u WHERE v.user_id = u.id RETURNING v.media_id, v.is_hot),
         dw AS (DELETE FROM views w USING u WHERE w.user_id = u.id RETURNING w.media_id),
         ${WITHDRAW_TALLIES}
         SELECT (SELECT array_agg(id ORDER BY id) FROM u) AS ids,
                (SELECT count(*) FROM dv)::int AS votes, (SELECT count(*) FROM dw)::int AS views,
                (SELECT count(*) FROM tallies)::int AS media`,
        [maxUserId, users],
      );
      const removed = await this.users.deleteSeeded(tx, row!.ids ?? []);
      return { users: removed, votes: row!.votes, views: row!.views };
    });
  }

  async fixUserSequence(): Promise<number> {
    const row = await this.db.one<{ next: string }>(
      `SELECT setval(pg_get_serial_sequence('users', 'id'), coalesce(max(id), 0) + 1, false) AS next FROM users`,
    );
    return Number(row!.next);
  }
}
