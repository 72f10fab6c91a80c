import { getQueueToken, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type ConnectionOptions, type DefaultJobOptions, type Job, type JobType, Queue, WaitingError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/env.js';
import { JobHandlers } from './job-handlers.js';
import {
  clampPercent,
  type EnqueueOptions,
  JobInterrupted,
  type JobName,
  jobNameOf,
  type JobProgress,
  JobQueue,
  JobRunningError,
  type JobState,
  type JobView,
  MAX_ATTEMPTS,
  newestFirst,
  JOB_NAMES,
} from './job-queue.js';
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

/** BullMQ queues (one per job name) in Redis; job state is read back from Redis by any replica. */
@Injectable()
export class BullmqJobQueue extends JobQueue {
  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  private queue(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  async enqueue(name: JobName, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobView> {
    // an existing jobId or a live deduplication key answers the job that is already there
    const jobId = options.jobId ?? `${name}-${randomUUID()}`;
    const added = await this.queue(name).add(name, payload, {
      jobId,
      deduplication: options.exclusiveKey ? { id: options.exclusiveKey } : undefined,
    });
    // another id back means the deduplication key is held by a waiting or active job
    if (options.exclusiveKey && added.id !== jobId) throw new JobRunningError(name, added.id!);
    return (await this.get(added.id!))!;
  }

  async get(id: string): Promise<JobView | null> {
    const name = jobNameOf(id);
    if (!name) return null;
    const queue = this.queue(name);
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
    for (const name of JOB_NAMES) {
      const queue = this.queue(name);
      // newest `limit` of each list of each queue; a job that moves between two reads keeps its later state
      for (const [state, types] of lists) {
        for (const job of await queue.getJobs(types, 0, limit - 1, false)) {
          if (job?.id) byId.set(job.id, viewOf(job, name, state));
        }
      }
    }
    return newestFirst([...byId.values()], limit);
  }
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
 * One @nestjs/bullmq processor class per queue, delegating to the registered handler. Workers
 * start only at application bootstrap (autorun off), once every handler is registered.
 */
export function bullmqProcessor(name: JobName, config: AppConfig): Type<WorkerHost> {
  @Processor(name, {
    concurrency: 1,
    autorun: false,
    lockDuration: config.jobsLockMs,
    // a dead worker's job is noticed within one interval and handed to a live one
    stalledInterval: config.jobsLockMs,
    maxStalledCount: 3,
  })
  class JobProcessor extends WorkerHost implements OnApplicationBootstrap {
    private readonly logger = new Logger(`Jobs:${name}`);

    constructor(
      @Inject(JobHandlers) private readonly handlers: JobHandlers,
      @Inject(RunningJobs) private readonly running: RunningJobs,
    ) {
      super();
    }

    onApplicationBootstrap(): void {
      this.worker.on('error', (err) => this.logger.error(`Worker error: ${err.message}`));
      this.worker.on('failed', (job, err) => {
        if (job && err.name !== 'WaitingError')
          this.logger.warn(`Job ${job.id} attempt ${job.attemptsMade} failed: ${err.message}`);
      });
      void this.worker.run().catch((err: Error) => this.logger.error(`Worker stopped: ${err.message}`));
    }

    async process(job: Job, token?: string): Promise<unknown> {
      await this.handlers.ready;
      const handler = this.handlers.get(name);
      if (!handler) throw new Error(`No handler registered for job "${name}"`);
      return this.running.track(job.id!, async (signal) => {
        try {
          return await handler.run(job.data, {
            jobId: job.id!,
            attempt: job.attemptsStarted || job.attemptsMade + 1,
            signal,
            progress: (p) => job.updateProgress({ ...p, percent: clampPercent(p.percent) }),
          });
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
