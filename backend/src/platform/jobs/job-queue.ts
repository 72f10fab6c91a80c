import { DomainError } from '../domain-error.js';

/**
 * Long admin work (bucket import, vote population, duplicate scan) runs as jobs. The API answers
 * 202 with a job id at once; a worker (the API process itself unless RUN_JOBS=false, or
 * `worker.ts`) runs the handler; `GET /api/admin/jobs/{id}` reads the state from wherever the
 * adapter keeps it (Redis for BullMQ, the `jobs` table for DatabaseJobQueue), so any replica can answer.
 */
/** A job kind's name, written once beside its handler with `@OnJob` (see on-job.ts). */
export type JobName = string;

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

/** 0–100 plus whatever counts the handler reports (mediaProcessed, imported, ...). */
export interface JobProgress {
  percent: number;
  [count: string]: number;
}

export interface JobView {
  id: string;
  name: JobName;
  state: JobState;
  progress: JobProgress;
  /** The handler's answer once completed (the spec's result shape for that work). */
  result: unknown;
  /** Why the last attempt failed (kept while a retry waits), null otherwise. */
  error: string | null;
  attemptsMade: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface EnqueueOptions {
  /** Enqueuing the same id again answers the existing job instead of adding one (safe retries). */
  jobId?: string;
  /** While a job with this key is waiting or running, enqueuing throws JobRunningError with that job: no double work. */
  exclusiveKey?: string;
  /** Forgotten once completed (per-item jobs that would otherwise pile up by the million); a failure is kept. */
  transient?: boolean;
  /**
   * Lower runs first among waiting jobs of a name (1 is the highest; none is 1): a visitor's
   * n-th job still waiting gets n, so one visitor's flood cannot hold back everyone else's first.
   */
  priority?: number;
}

/** 409 `job_running`: the same kind of job is already waiting or active; `jobId` lets the caller attach to it. */
export class JobRunningError extends DomainError {
  constructor(
    readonly jobName: JobName,
    readonly jobId: string,
  ) {
    super('conflict', `${jobName} is already running`, { error: 'job_running', jobId });
  }
}

export interface JobContext {
  readonly jobId: string;
  /** 1 on the first run; retries and take-overs after a crash count up. */
  readonly attempt: number;
  /**
   * Aborted when the process shuts down (or loses the job): stop at the next safe point by
   * throwing JobInterrupted; the job goes back to the queue and resumes from its checkpoint.
   */
  readonly signal: AbortSignal;
  progress(progress: JobProgress): Promise<void>;
}

/** What an `@OnJob` class implements to run its job. Handlers must be idempotent: a job may run again after a crash. */
export interface JobHandler<P = unknown, R = unknown> {
  run(payload: P, ctx: JobContext): Promise<R>;
}

/** Thrown by a handler that stopped early on `ctx.signal`: the job is requeued, not failed. */
export class JobInterrupted extends Error {
  constructor() {
    super('Job interrupted by shutdown; it will resume from its last checkpoint');
    this.name = 'JobInterrupted';
  }
}

/** One queue's backlog, for health and metrics. */
export interface QueueStats {
  name: JobName;
  /** Ready to run now (a retry waiting out its back-off is not counted). */
  waiting: number;
  active: number;
  /** Failed for good in the last day (DatabaseJobQueue) or still kept (BullMQ keeps 30 days). */
  failed: number;
  /** How long the oldest job ready to run has waited: growing means nothing runs jobs. */
  oldestWaitingSeconds: number | null;
}

/** Port: BullmqJobQueue when REDIS_URL is set, DatabaseJobQueue otherwise. */
export abstract class JobQueue {
  /** Every queue's backlog; throws like the other calls when the queue's store is unreachable. */
  abstract stats(): Promise<QueueStats[]>;
  abstract enqueue(name: JobName, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<JobView>;
  abstract get(id: string): Promise<JobView | null>;
  /** The newest `limit` jobs of every name: waiting and active ones first, then finished ones, newest first each. */
  abstract list(limit: number): Promise<JobView[]>;
}

/** The order of GET /api/admin/jobs: unfinished first, then by creation, newest first. */
export function newestFirst(jobs: JobView[], limit: number): JobView[] {
  const unfinished = (j: JobView) => (j.state === 'waiting' || j.state === 'active' ? 0 : 1);
  return [...jobs]
    .sort((a, b) => unfinished(a) - unfinished(b) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, limit);
}

export const MAX_ATTEMPTS = 3;
/** Retry after 5 s, 10 s, ... so a brief outage (database restart) does not fail the job. */
export const backoffMs = (attemptsMade: number): number => 5_000 * 2 ** Math.max(0, attemptsMade - 1);

export const clampPercent = (p: number): number => Math.max(0, Math.min(100, Math.round(p)));

/** The 202 answer of a route that started a job. */
export const jobAccepted = (job: JobView): JobView & { jobId: string } => ({ jobId: job.id, ...job });
