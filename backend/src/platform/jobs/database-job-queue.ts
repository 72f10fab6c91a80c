import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';
import { Database } from '../database/sql.js';
import { OutageLog } from '../logging/outage-log.js';
import { noteQueued, stampRequestId, takeRequestId } from '../logging/log-context.js';
import { JobHandlers } from './job-handlers.js';
import { assertDeclared, jobKinds, jobNames } from './on-job.js';
import { logJobRun } from './job-run-log.js';
import {
  backoffMs,
  clampPercent,
  type EnqueueOptions,
  JobInterrupted,
  type JobName,
  type JobProgress,
  JobQueue,
  JobRunningError,
  type JobView,
  type QueueStats,
  MAX_ATTEMPTS,
  newestFirst,
} from './job-queue.js';
import { PollLoop } from './poll-loop.js';
import { JobRunObservers } from './job-run-observers.js';
import { RunningJobs } from './running-jobs.js';

interface JobRow {
  id: string;
  name: JobName;
  payload: Record<string, unknown>;
  state: JobView['state'];
  progress: JobProgress | null;
  result: unknown;
  error: string | null;
  attempts_made: number;
  transient: boolean;
  created_at: Date;
  finished_at: Date | null;
}

const toView = (r: JobRow): JobView => ({
  id: r.id,
  name: r.name,
  state: r.state,
  progress: r.progress ?? { percent: 0 },
  result: r.result ?? null,
  error: r.error,
  attemptsMade: r.attempts_made,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

/** How often an idle runner looks for work enqueued by another process or due for a retry. */
const POLL_MS = 2_000;
/** A job whose process died this many times beyond its retries is given up. */
const MAX_TAKEOVERS = 3;
/** Finished jobs are kept this long for GET /api/admin/jobs/{id}. */
const RETENTION_DAYS = 30;

/**
 * The queue without Redis: jobs are rows in the `jobs` table. A row survives restarts, so
 * GET /api/admin/jobs/{id} works afterwards and from any replica on the same database; a lease
 * (locked_until, renewed by a heartbeat) lets another process resume a job whose process died,
 * and FOR UPDATE SKIP LOCKED keeps two processes from claiming the same job.
 */
@Injectable()
export class DatabaseJobQueue extends JobQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger('Jobs');
  private readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** jobs of each name running in this process now */
  private readonly busy = new Map<JobName, number>();
  private readonly loop = new PollLoop(
    () => this.poll(),
    (err) => this.outages.report(err, () => this.logger.error({ msg: 'Job poll failed', err })),
  );

  constructor(
    private readonly outages: OutageLog,
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly handlers: JobHandlers,
    private readonly running: RunningJobs,
    private readonly runObservers: JobRunObservers,
    private readonly work: BackgroundWork,
  ) {
    super();
  }

  async enqueue(name: JobName, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobView> {
    assertDeclared(name);
    const id = options.jobId ?? `${name}-${randomUUID()}`;
    // the exclusive job may finish between the insert and the look-up: then insert again
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await this.db.rows<JobRow>(
        `INSERT INTO jobs (id, name, payload, exclusive_key, max_attempts, transient, priority)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
         ON CONFLICT DO NOTHING RETURNING *`,
        [
          id,
          name,
          JSON.stringify(stampRequestId(payload)),
          options.exclusiveKey ?? null,
          MAX_ATTEMPTS,
          options.transient === true,
          options.priority ?? 1,
        ],
      );
      const row =
        inserted[0] ??
        (await this.db.one<JobRow>(
          `SELECT * FROM jobs WHERE id = $1 OR (exclusive_key = $2 AND state IN ('waiting', 'active'))
           ORDER BY (id = $1) DESC LIMIT 1`,
          [id, options.exclusiveKey ?? null],
        ));
      if (row) {
        if (inserted[0]) {
          noteQueued(row.id);
          this.loop.kick();
        }
        // the same id again is a safe retry; another id means the exclusive key is taken
        else if (row.id !== id) throw new JobRunningError(row.name, row.id);
        return toView(row);
      }
    }
    throw new Error(`Could not enqueue job ${name}`);
  }

  async get(id: string): Promise<JobView | null> {
    const row = await this.db.one<JobRow>(`SELECT * FROM jobs WHERE id = $1`, [id]);
    return row ? toView(row) : null;
  }

  async list(limit: number): Promise<JobView[]> {
    // unfinished ones through their partial index, then the newest finished ones (30 days are kept)
    const rows = await this.db.rows<JobRow>(
      `(SELECT * FROM jobs WHERE state IN ('waiting', 'active') AND NOT (name = ANY($2::varchar[]))
         ORDER BY created_at DESC LIMIT $1)
       UNION ALL
       (SELECT * FROM jobs WHERE state IN ('completed', 'failed') AND NOT (name = ANY($2::varchar[]))
         ORDER BY created_at DESC LIMIT $1)`,
      [
        limit,
        jobKinds()
          .filter((k) => !k.listed)
          .map((k) => k.name),
      ],
    );
    return newestFirst(rows.map(toView), limit);
  }

  async stats(): Promise<QueueStats[]> {
    const rows = await this.db.rows<{
      name: JobName;
      waiting: number;
      active: number;
      failed: number;
      oldest: number | null;
    }>(
      `SELECT name,
              count(*) FILTER (WHERE state = 'waiting' AND run_after <= now())::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              extract(epoch FROM now() - min(run_after) FILTER (WHERE state = 'waiting' AND run_after <= now()))::float8 AS oldest
         FROM jobs
        WHERE state IN ('waiting', 'active') OR (state = 'failed' AND finished_at > now() - interval '1 day')
        GROUP BY name`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return jobNames().map((name) => {
      const r = byName.get(name);
      return {
        name,
        waiting: r?.waiting ?? 0,
        active: r?.active ?? 0,
        failed: r?.failed ?? 0,
        oldestWaitingSeconds: r?.oldest == null ? null : Math.max(0, Number(r.oldest)),
      };
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.db.rows(`DELETE FROM jobs WHERE finished_at < now() - make_interval(days => $1)`, [RETENTION_DAYS]);
    await this.db.rows(`DELETE FROM job_checkpoints c WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = c.job_id)`);
    // a queued name this process has no handler for would wait for ever: refuse to start instead
    this.handlers.open(
      await this.db.rows<{ name: string; count: number }>(
        `SELECT name, count(*)::int AS count FROM jobs WHERE state IN ('waiting', 'active') GROUP BY name`,
      ),
    );
    this.loop.start(POLL_MS);
    // the handlers it started stop with RunningJobs, in the stage after this one
    this.work.register('job poll', 'intake', () => this.loop.stop());
  }

  private async poll(): Promise<void> {
    await this.handlers.ready;
    await this.db.rows(
      `UPDATE jobs SET state = 'failed', finished_at = now(), locked_by = NULL, locked_until = NULL,
         error = 'The process running this job stopped too many times'
       WHERE state = 'active' AND locked_until < now() AND attempts_made >= max_attempts + $1`,
      [MAX_TAKEOVERS],
    );
    // one job per name at a time in this process (population and import are long and sequential),
    // but renditions as many at once as their gate lets (RENDITION_CONCURRENCY), as on BullMQ
    for (;;) {
      if (this.loop.stopped) return;
      const free = this.handlers.names().filter((n) => (this.busy.get(n) ?? 0) < this.concurrencyOf(n));
      if (!free.length) return;
      const job = await this.db.one<JobRow>(
        `UPDATE jobs SET state = 'active', attempts_made = attempts_made + 1, locked_by = $1,
           locked_until = now() + make_interval(secs => $2::double precision / 1000)
         WHERE id = (
           SELECT id FROM jobs
           WHERE name = ANY($3::varchar[])
             AND ((state = 'waiting' AND run_after <= now()) OR (state = 'active' AND locked_until < now()))
           ORDER BY priority, created_at LIMIT 1
           FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [this.workerId, this.config.jobsLockMs, free],
      );
      if (!job) return;
      this.busy.set(job.name, (this.busy.get(job.name) ?? 0) + 1);
      void this.execute(job)
        .catch((err: Error) =>
          this.outages.report(err, () =>
            this.logger.error({ msg: `Job ${job.id} could not record its outcome`, job: job.id, err }),
          ),
        )
        .finally(() => {
          this.busy.set(job.name, (this.busy.get(job.name) ?? 1) - 1);
          this.loop.kick();
        });
    }
  }

  private concurrencyOf(name: JobName): number {
    return name === 'make-renditions' ? (this.config.renditionConcurrency ?? 1) : 1;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    const owned = `id = $1 AND locked_by = $2`;
    await this.running.track(job.id, async (signal) => {
      const heartbeat = setInterval(
        () => {
          void this.db
            .write(
              `UPDATE jobs SET locked_until = now() + make_interval(secs => $3::double precision / 1000)
             WHERE ${owned} AND state = 'active'`,
              [job.id, this.workerId, this.config.jobsLockMs],
            )
            .then(([, affected]) => {
              if (!affected) this.running.abort(job.id); // another process took it over
            })
            .catch(() => undefined);
        },
        Math.max(250, Math.floor(this.config.jobsLockMs / 3)),
      );
      heartbeat.unref();
      try {
        // claimed again with no failure recorded: the process that ran it before stopped or died
        const { payload, reqId } = takeRequestId(job.payload);
        const run = {
          id: job.id,
          name: job.name,
          attempt: job.attempts_made,
          takenOver: job.attempts_made > 1 && !job.error,
          reqId,
        };
        const result = await logJobRun(
          this.logger,
          run,
          () =>
            handler.run(payload, {
              jobId: job.id,
              attempt: job.attempts_made,
              signal,
              progress: async (p) => {
                await this.db.rows(`UPDATE jobs SET progress = $3::jsonb WHERE ${owned}`, [
                  job.id,
                  this.workerId,
                  JSON.stringify({ ...p, percent: clampPercent(p.percent) }),
                ]);
              },
            }),
          this.runObservers.notify,
        );
        await this.db.rows(
          job.transient
            ? `DELETE FROM jobs WHERE ${owned}`
            : `UPDATE jobs SET state = 'completed', result = $3::jsonb, error = NULL, finished_at = now(),
                 locked_by = NULL, locked_until = NULL
               WHERE ${owned}`,
          job.transient ? [job.id, this.workerId] : [job.id, this.workerId, JSON.stringify(result ?? null)],
        );
      } catch (err) {
        if (err instanceof JobInterrupted) {
          // a shutdown is not a failed attempt: back to the queue, resumed from its checkpoint
          await this.db.rows(
            `UPDATE jobs SET state = 'waiting', attempts_made = greatest(attempts_made - 1, 0), locked_by = NULL, locked_until = NULL
             WHERE ${owned}`,
            [job.id, this.workerId],
          );
          return;
        }
        const message = err instanceof Error ? err.message : String(err);
        const final = job.attempts_made >= MAX_ATTEMPTS;
        // the attempt's error itself was logged by logJobRun
        if (final)
          this.logger.error({
            msg: `Job ${job.id} failed after ${job.attempts_made} attempt(s); not retried`,
            job: job.id,
            jobName: job.name,
            event: 'given-up',
            reason: message,
          });
        else
          this.logger.log({
            msg: `Job ${job.id} will retry in ${backoffMs(job.attempts_made) / 1000} s`,
            job: job.id,
            jobName: job.name,
            event: 'retry-scheduled',
          });
        await this.db.rows(
          // $3 typed once: compared with a literal and assigned to a varchar column, it is otherwise ambiguous
          `UPDATE jobs SET state = $3::varchar, error = $4, locked_by = NULL, locked_until = NULL,
             finished_at = CASE WHEN $3::varchar = 'failed' THEN now() END,
             run_after = now() + make_interval(secs => $5::double precision / 1000)
           WHERE ${owned}`,
          [job.id, this.workerId, final ? 'failed' : 'waiting', message, backoffMs(job.attempts_made)],
        );
        if (!final) setTimeout(() => this.loop.kick(), backoffMs(job.attempts_made) + 50).unref();
      } finally {
        clearInterval(heartbeat);
      }
    });
  }
}
