import { Injectable } from '@nestjs/common';
import path from 'node:path';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { AppConfig } from '../../config/env.js';
import { buildInfo } from '../build-info.js';
import type { Dependency } from '../dependency-errors.js';
import { Database } from '../database/sql.js';
import { DISK_LOW_BYTES, diskSpace } from '../disk-space.js';
import { JobQueue, type QueueStats } from '../jobs/job-queue.js';
import { staleAfterMs, workersSeen, type WorkerSeen } from '../jobs/jobs-heartbeat.js';
import { OutageLog } from '../logging/outage-log.js';
import { REPLICA } from '../logging/root-logger.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { Backlogs } from './backlogs.js';

const TIMEOUT_MS = 3_000;
/** Readiness probes come every few seconds: the mail backlog is read at most this often. */
const MAIL_CACHE_MS = 5_000;
/** Magic-link mail older than this is stuck (sends take seconds; the retries of a failing relay end within ~2.5 min). */
export const MAIL_STUCK_SECONDS = 120;
/** A job ready to run for this long means no process is running that queue. */
export const JOBS_STUCK_SECONDS = 120;
const OUTBOX = 'magic-link-outbox';
const DEPENDENCY_NAMES: Record<Dependency, string> = {
  database: 'The database',
  storage: 'The object storage',
  redis: 'Redis',
  mail: 'The mail relay',
};

/**
 * The checks behind /api/health/ready and /api/health, one per dependency, each asking that
 * dependency itself (OutageLog.check: its own probe, so a transition is logged once):
 * - database: the only one readiness fails on (503): nothing a visitor does works without it;
 * - storage (the bucket or DATA_DIR/media): `degraded` — picks and votes keep working, uploads
 *   and media files answer 503 meanwhile; taking every replica out for a bucket blip would take
 *   the whole site down instead;
 * - redis: `degraded` — the flood guard fails open, job routes answer 503;
 * - mail: `degraded` — sign-in mail waits in the outbox.
 * The report adds jobs (heartbeats, queues) and disk, both `degraded` at worst.
 */
@Injectable()
export class HealthChecks {
  private readonly started = Date.now();

  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly db: Database,
    private readonly storage: ObjectStorage,
    private readonly backlogs: Backlogs,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
  ) {}

  /** Readiness: the database, plus the dependencies it only reports. */
  readiness(): Array<() => PromiseLike<HealthIndicatorResult>> {
    return [
      () =>
        this.required('database', async () => {
          await this.db.one('SELECT 1');
        }),
      () => this.reported('storage', 'uploads and media files answer 503', { provider: this.storage.provider }),
      ...(this.config.redisUrl
        ? [() => this.reported('redis', 'job routes answer 503, the flood guard counts nothing')]
        : []),
      () => this.mailCheck(true),
    ];
  }

  /** The monitoring report: readiness's checks read fresh, plus the job runners' heartbeats and the queues. */
  report(): Array<() => PromiseLike<HealthIndicatorResult>> {
    return [
      ...this.readiness().slice(0, -1),
      () => this.mailCheck(false),
      () => this.jobsCheck(),
      () => this.diskCheck(),
    ];
  }

  /** Fields every report carries besides its checks. */
  identity() {
    return {
      version: buildInfo,
      replica: REPLICA,
      uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
    };
  }

  /** The backlogs modules registered (outbox, orphans, renditions…), for the monitoring report. */
  backlogReadings() {
    return this.backlogs.read();
  }

  private required(key: Dependency, fn: () => Promise<unknown>) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        try {
          const data = await fn();
          this.outages.recovered(key);
          return (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
        } catch (err) {
          this.outages.failed(key, err);
          throw err;
        }
      })
      .withTimeout(TIMEOUT_MS);
  }

  /** A dependency readiness reports but does not fail on: `degraded` while it does not answer its own probe. */
  private async reported(
    key: Dependency,
    meanwhile: string,
    facts: Record<string, unknown> = {},
  ): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    const answer = await this.outages.check(key, TIMEOUT_MS);
    if (answer.up) return session.up(facts);
    return session.degraded({
      ...facts,
      message: `${DEPENDENCY_NAMES[key]} is unreachable (${answer.error ?? 'down'}): ${meanwhile}`,
    });
  }

  private mailBacklog: { at: number; value: Promise<Awaited<ReturnType<Backlogs['readOne']>>> } | null = null;

  private async mailCheck(cached: boolean): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('mail');
    if (!cached || !this.mailBacklog || Date.now() - this.mailBacklog.at > MAIL_CACHE_MS) {
      this.mailBacklog = { at: Date.now(), value: this.backlogs.readOne(OUTBOX) };
      this.mailBacklog.value.catch(() => (this.mailBacklog = null));
    }
    let outbox;
    try {
      outbox = await this.mailBacklog.value;
    } catch (err) {
      return session.degraded({ message: `The mail queue cannot be read: ${(err as Error).message}` });
    }
    if (!outbox) return session.up();
    const facts = {
      queued: outbox.count,
      oldestSeconds: outbox.oldestSeconds,
      failedLastHour: outbox.failedLastHour ?? 0,
    };
    if ((outbox.oldestSeconds ?? 0) > MAIL_STUCK_SECONDS)
      return session.degraded({
        ...facts,
        message: `Sign-in mail is not going out: the oldest has waited ${Math.round(outbox.oldestSeconds!)} s (is a worker running? is the SMTP relay reachable?)`,
      });
    if (facts.failedLastHour > 0 || this.outages.isDown('mail'))
      return session.degraded({
        ...facts,
        message: `Sign-in mail is failing: ${facts.failedLastHour} given up in the last hour (is the SMTP relay reachable?)`,
      });
    return session.up(facts);
  }

  /**
   * Free space where this process writes: DATA_DIR (the embedded database, local media, the
   * outbox) and the upload temp folder. Degraded, not down: reads still work on a full disk.
   */
  private async diskCheck(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('disk');
    const tempDirPath = path.join(this.config.dataDir, 'tmp');
    let dataDir, tempDir;
    try {
      dataDir = await diskSpace(this.config.dataDir);
      tempDir = await diskSpace(tempDirPath).catch(() => null); // made at the first upload
    } catch (err) {
      return session.degraded({ message: `The free disk cannot be read: ${(err as Error).message}` });
    }
    const facts = { dataDir, tempDir: tempDir ?? { path: tempDirPath, freeBytes: null, totalBytes: null } };
    const low = [dataDir, tempDir].find((d) => d && d.freeBytes < DISK_LOW_BYTES);
    if (low)
      return session.degraded({
        ...facts,
        message: `The disk is almost full: ${Math.floor(low.freeBytes / (1024 * 1024))} MB free in ${low.path} (uploads answer 507 once it is full)`,
      });
    return session.up(facts);
  }

  private async jobsCheck(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('jobs');
    let workers: WorkerSeen[];
    let queues: QueueStats[] | { error: string };
    try {
      workers = await workersSeen(this.db);
    } catch (err) {
      return session.degraded({ message: `Heartbeats cannot be read: ${(err as Error).message}` });
    }
    try {
      queues = await withTimeout(this.jobs.stats(), TIMEOUT_MS);
    } catch (err) {
      queues = { error: (err as Error).message };
    }
    const staleAfter = staleAfterMs(this.config) / 1000;
    const alive = workers.filter((w) => !w.stopped && w.lastSeenSeconds <= staleAfter);
    const last = workers[0];
    const facts = {
      workers: workers.slice(0, 5),
      queues,
      heartbeatStaleAfterSeconds: staleAfter,
    };
    if (!alive.length)
      return session.degraded({
        ...facts,
        message: last
          ? `No process runs jobs or sends sign-in mail: the last heartbeat was ${Math.round(last.lastSeenSeconds)} s ago${last.stopped ? ' (it stopped)' : ''}`
          : 'No process runs jobs or sends sign-in mail: no heartbeat yet (start a worker)',
      });
    const stuck = Array.isArray(queues) && queues.find((q) => (q.oldestWaitingSeconds ?? 0) > JOBS_STUCK_SECONDS);
    if (stuck)
      return session.degraded({
        ...facts,
        message: `A ${stuck.name} job has waited ${Math.round(stuck.oldestWaitingSeconds!)} s to start`,
      });
    return session.up(facts);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
