import { getQueueToken, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type ConnectionOptions, type DefaultJobOptions, type Job, type JobType, Queue, WaitingError } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';
import { DomainError } from '../domain-error.js';
import { OutageLog } from '../logging/outage-log.js';
import { JobHandlers } from './job-handlers.js';
import { assertDeclared, jobKinds, jobNameOf, jobNames } from './on-job.js';
import { noteQueued, stampRequestId, takeRequestId } from '../logging/log-context.js';
import { logJobRun } from './job-run-log.js';
import {
  clampPercent,
  type EnqueueOptions,
  JobInterrupted,
  type JobName,
  type JobProgress,
  JobQueue,
  JobRunningError,
  type JobState,
  type JobView,
  MAX_ATTEMPTS,
  type QueueStats,
  newestFirst,
} from './job-queue.js';
import { JobRunObservers } from './job-run-observers.js';
import { RunningJobs } from './running-jobs.js';

/** redis://user:pass@host:port/db (rediss:// for TLS) as ioredis options. */
export function redisConnection(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  const db = Number(u.pathname.replace(/^\//, '') || 0);
  return {
    host: u.hostname,
    port: Number(u.port) || 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

export const defaultJobOptions: DefaultJobOptions = {
  attempts: MAX_ATTEMPTS,
  backoff: { type: 'exponential', delay: 5_000 },
  // finished jobs stay readable for a while, then Redis forgets them
  removeOnComplete: { age: 30 * 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600, count: 1000 },
};

/** How long an admin waits for the queue before hearing that Redis is unavailable. */
const QUEUE_WAIT_MS = 5_000;
const queueUnavailable = () =>
  new DomainError('unavailable', 'The job queue (Redis) is unavailable; try again in a moment');

/** A queue's or worker's Redis connection state; 'unknown' when it never connected (its client is still pending). */
const clientStatus = (owner: Pick<Queue, 'getBackend'>): Promise<string> =>
  Promise.race([
    owner.getBackend().client.then((c) => c.status),
    new Promise<string>((r) => setTimeout(() => r('unknown'), 200)),
  ]);

/** BullMQ queues (one per job name) in Redis; job state is read back from Redis by any replica. */
@Injectable()
export class BullmqJobQueue
  extends JobQueue
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly handlers: JobHandlers,
  ) {
    super();
  }

  /**
   * Where jobs run: a queue in Redis (under JOBS_PREFIX) holding jobs whose name has no handler
   * here stops the start — they would never run. Redis away at start: the workers wait for it
   * anyway, so the check is left out with a warning rather than holding the start.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    let queued: { name: string; count: number }[];
    try {
      queued = await this.queuedWithoutHandler();
    } catch (err) {
      this.logger.warn({ msg: 'Could not check the queued job names: Redis is unreachable', err });
      queued = [];
    }
    this.handlers.open(queued);
  }

  /** The queues under our prefix (their `meta` keys) whose names no handler here runs, with their unfinished jobs. */
  private async queuedWithoutHandler(): Promise<{ name: string; count: number }[]> {
    const prefix = this.config.jobsPrefix;
    const names = new Set<string>(jobNames());
    const redis = new Redis(this.config.redisUrl!, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: QUEUE_WAIT_MS,
    });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 1000);
        for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    const out: { name: string; count: number }[] = [];
    for (const name of names) {
      if (this.handlers.get(name)) continue;
      const queue = new Queue(name, { connection: redisConnection(this.config.redisUrl!), prefix });
      try {
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'waiting-children');
        out.push({ name, count: Object.values(counts).reduce((a, b) => a + b, 0) });
      } finally {
        await queue.close();
      }
    }
    return out;
  }

  /**
   * A queue's failed reconnect is an 'error' event; with no listener BullMQ prints it with
   * console.error (not JSON, once per queue and attempt). Where jobs run, it is the Redis outage
   * the workers report (logged once); an API replica's flood guard and budget log theirs.
   */
  onModuleInit(): void {
    for (const name of jobNames())
      this.queue(name).on('error', (err) => {
        if (this.config.runJobs) this.outages.failed('redis', err);
      });
  }

  private queue(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  enqueue(name: JobName, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobView> {
    assertDeclared(name);
    return this.reach(name, () => this.add(name, payload, options));
  }

  private async add(name: JobName, payload: Record<string, unknown>, options: EnqueueOptions): Promise<JobView> {
    // an existing jobId or a live deduplication key answers the job that is already there
    const jobId = options.jobId ?? `${name}-${randomUUID()}`;
    const added = await this.queue(name).add(name, stampRequestId(payload), {
      jobId,
      deduplication: options.exclusiveKey ? { id: options.exclusiveKey } : undefined,
      ...(options.transient ? { removeOnComplete: true } : {}),
      // BullMQ: 1 is the highest priority; unprioritized jobs would run before every prioritized one
      priority: Math.max(1, Math.min(2_097_152, options.priority ?? 1)),
    });
    // another id back means the deduplication key is held by a waiting or active job
    if (options.exclusiveKey && added.id !== jobId) throw new JobRunningError(name, added.id!);
    noteQueued(added.id!);
    return (await this.get(added.id!))!;
  }

  async get(id: string): Promise<JobView | null> {
    const name = jobNameOf(id);
    if (!name) return null;
    return this.reach(name, (queue) => this.read(queue, name, id));
  }

  /** QUIT cannot reach an absent Redis: drop those connections, so the queues' own close is quiet and quick. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const name of jobNames()) {
      const backend = this.queue(name).getBackend();
      if ((await clientStatus(this.queue(name))) !== 'ready') await backend.close(true).catch(() => undefined);
    }
  }

  /** Runs queue commands, turning "Redis is away" (a refused command or no answer in time) into a 503. */
  private async reach<T>(name: JobName, work: (queue: Queue) => Promise<T>): Promise<T> {
    const queue = this.queue(name);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(queueUnavailable()), QUEUE_WAIT_MS);
    });
    try {
      return await Promise.race([work(queue), timeout]);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw (await clientStatus(queue)) === 'ready' ? err : queueUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  private async read(queue: Queue, name: JobName, id: string): Promise<JobView | null> {
    // state first, then the job's data: a job seen finished is then read with its result (the
    // other order can catch it between its last read and its completion)
    const state = await queue.getJobState(id);
    const job = await queue.getJob(id);
    if (!job || state === 'unknown') return null;
    return viewOf(job, name, state === 'completed' || state === 'failed' || state === 'active' ? state : 'waiting');
  }

  async list(limit: number): Promise<JobView[]> {
    const lists: Array<[JobState, JobType[]]> = [
      ['active', ['active']],
      ['waiting', ['waiting', 'delayed', 'prioritized', 'waiting-children']],
      ['completed', ['completed']],
      ['failed', ['failed']],
    ];
    const byId = new Map<string, JobView>();
    for (const { name } of jobKinds().filter((k) => k.listed)) {
      // newest `limit` of each list of each queue; a job that moves between two reads keeps its later state
      await this.reach(name, async (queue) => {
        for (const [state, types] of lists) {
          for (const job of await queue.getJobs(types, 0, limit - 1, false)) {
            if (job?.id) byId.set(job.id, viewOf(job, name, state));
          }
        }
      });
    }
    return newestFirst([...byId.values()], limit);
  }

  async stats(): Promise<QueueStats[]> {
    const out: QueueStats[] = [];
    for (const name of jobNames()) {
      out.push(
        await this.reach(name, async (queue) => {
          const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'failed');
          // the oldest job in the wait list (enqueued longest ago)
          const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
          return {
            name,
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            failed: counts.failed ?? 0,
            oldestWaitingSeconds: ageSeconds(oldest),
          };
        }),
      );
    }
    return out;
  }
}

function ageSeconds(job: Job | undefined): number | null {
  return job ? Math.max(0, (Date.now() - job.timestamp) / 1000) : null;
}

function viewOf(job: Job, name: JobName, state: JobState): JobView {
  const progress = typeof job.progress === 'object' && job.progress ? (job.progress as JobProgress) : { percent: 0 };
  return {
    id: job.id!,
    name,
    state,
    progress,
    result: state === 'completed' ? (job.returnvalue ?? null) : null,
    error: job.failedReason || null,
    attemptsMade: job.attemptsMade,
    createdAt: new Date(job.timestamp).toISOString(),
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/**
 * A dead worker's lock expires JOBS_LOCK_MS after its last renewal; the stalled-job check then
 * finds it within one interval. Checking every quarter of the lock (not every whole lock, as
 * before) makes a take-over come after about JOBS_LOCK_MS (at most 1.25×), not up to twice that.
 */
export const stallTimings = (jobsLockMs: number) => ({
  lockDuration: jobsLockMs,
  stalledInterval: Math.max(250, Math.floor(jobsLockMs / 4)),
});

/**
 * One @nestjs/bullmq processor class per queue, delegating to the registered handler. Workers
 * start only at application bootstrap (autorun off), once every handler is registered.
 */
export function bullmqProcessor(name: JobName, config: AppConfig): Type<WorkerHost> {
  @Processor(name, {
    // the workers keep the default connection (they wait for Redis); only the queues fail fast
    connection: redisConnection(config.redisUrl!),
    // renditions run as many at once as their gate lets (RENDITION_CONCURRENCY); every other job alone
    concurrency: name === 'make-renditions' ? (config.renditionConcurrency ?? 1) : 1,
    autorun: false,
    ...stallTimings(config.jobsLockMs),
    maxStalledCount: 3,
  })
  class JobProcessor extends WorkerHost implements OnApplicationBootstrap {
    private readonly logger = new Logger(`Jobs:${name}`);

    constructor(
      @Inject(JobHandlers) private readonly handlers: JobHandlers,
      @Inject(RunningJobs) private readonly running: RunningJobs,
      @Inject(OutageLog) private readonly outages: OutageLog,
      @Inject(JobRunObservers) private readonly runObservers: JobRunObservers,
      @Inject(BackgroundWork) private readonly work: BackgroundWork,
    ) {
      super();
    }

    onApplicationBootstrap(): void {
      this.outages.probe('redis', async () => {
        if ((await clientStatus(this.worker)) !== 'ready') throw new Error('Redis is not reachable');
      });
      // the worker reports every failed reconnect: one line when Redis goes away, one when it is back
      this.worker.on('error', (err) => this.outages.failed('redis', err));
      this.worker.on('failed', (job, err) => {
        // each attempt's failure is logged by logJobRun; here only the end of the retries
        if (job && err.name !== 'WaitingError' && job.attemptsMade >= (job.opts.attempts ?? 1))
          this.logger.error({
            msg: `Job ${job.id} failed after ${job.attemptsMade} attempt(s); not retried`,
            job: job.id,
            jobName: name,
            event: 'given-up',
            reason: err.message,
          });
      });
      void this.worker.run().catch((err: Error) => this.logger.error({ msg: 'Worker stopped', err }));
      // after the running jobs stopped at a checkpoint (@nestjs/bullmq's own close later finds it closed)
      this.work.register(`bullmq worker ${name}`, 'workers', () => this.close());
    }

    /**
     * BackgroundWork's `workers` stage, after the running handlers stopped at a checkpoint. A
     * normal close sends QUIT and waits for the blocking read, which an absent Redis never
     * answers: then close without waiting (a job Redis could not be told about is taken over
     * once its lock expires).
     */
    private async close(): Promise<void> {
      if ((await clientStatus(this.worker)) !== 'ready') {
        this.logger.warn('Redis is unreachable: closing the worker without waiting for it');
        await this.worker.close(true).catch(() => undefined);
      } else await this.worker.close();
    }

    async process(job: Job, token?: string): Promise<unknown> {
      await this.handlers.ready;
      const handler = this.handlers.get(name);
      if (!handler) throw new Error(`No handler registered for job "${name}"`);
      const attempt = job.attemptsStarted || job.attemptsMade + 1;
      // a start that neither failed nor finished before this one: its worker stopped or died
      const { payload, reqId } = takeRequestId(job.data);
      const run = {
        id: job.id!,
        name,
        attempt,
        takenOver: attempt > job.attemptsMade + 1 || job.stalledCounter > 0,
        reqId,
      };
      return this.running.track(job.id!, async (signal) => {
        try {
          return await logJobRun(
            this.logger,
            run,
            () =>
              handler.run(payload, {
                jobId: job.id!,
                attempt,
                signal,
                progress: (p) => job.updateProgress({ ...p, percent: clampPercent(p.percent) }),
              }),
            this.runObservers.notify,
          );
        } catch (err) {
          if (err instanceof JobInterrupted) {
            // back to waiting without spending an attempt; the next worker resumes from the checkpoint
            await job.moveToWait(token);
            throw new WaitingError();
          }
          throw err;
        }
      });
    }
  }
  Object.defineProperty(JobProcessor, 'name', {
    value: `${name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Processor`,
  });
  return JobProcessor;
}
