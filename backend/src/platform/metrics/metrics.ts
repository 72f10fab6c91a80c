import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/env.js';
import { buildInfo } from '../build-info.js';
import type { Dependency } from '../dependency-errors.js';
import { Database } from '../database/sql.js';
import { Backlogs } from '../health/backlogs.js';
import { JobQueue } from '../jobs/job-queue.js';
import { JobRunObservers } from '../jobs/job-run-observers.js';
import { staleAfterMs, workersSeen } from '../jobs/jobs-heartbeat.js';
import { OutageLog } from '../logging/outage-log.js';

/** Which process a series comes from (a label on every series: the API and the worker are scraped apart). */
export type MetricsProcess = 'api' | 'worker';
export const METRICS_PROCESS = Symbol('metrics-process');

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const DEPENDENCIES: Dependency[] = ['database', 'storage', 'redis', 'mail'];
/** Request latency (s): a vote takes milliseconds, an upload or export seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job run time (s): a rendition takes a second or two, an import or population minutes to hours. */
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 15, 60, 300, 900, 3600, 14400];

/** One read shared by the gauges of one scrape (they collect in parallel), read again on the next. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () =>
    (current ??= read().finally(() => {
      setTimeout(() => (current = null), 1_000).unref();
    }));
}

/** pg's Pool (and PGlitePool) counters; TypeORM's driver keeps the pool as `master`. */
interface PoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The route template a request matched (`/api/media/random/:userId`), never its URL: ids in a
 * label would make a series per visitor. Requests no route took are named by kind.
 */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  const url = req.originalUrl;
  if (url.startsWith('/api/metrics')) return '/api/metrics';
  if (url.startsWith('/api/')) return 'unmatched';
  if (url.startsWith('/media/')) return '/media/*';
  return 'web';
}

/**
 * Prometheus metrics (prom-client) of one process, on a registry of its own. Built only when
 * METRICS_TOKEN or METRICS_PORT is set: otherwise nothing is registered and no request pays for
 * it. What changes per request or job run is counted as it happens; what sits in the database
 * or Redis (queues, backlogs, heartbeats, the pool) is read when Prometheus scrapes.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  /** The request log's observer: counts the request and its time, by route template (undefined while off). */
  readonly observeRequest?: (req: Request, res: Response, seconds: number) => void;

  constructor(
    config: AppConfig,
    @InjectDataSource() dataSource: DataSource,
    db: Database,
    backlogs: Backlogs,
    jobs: JobQueue,
    runObservers: JobRunObservers,
    outages: OutageLog,
    @Inject(METRICS_PROCESS) process: MetricsProcess,
  ) {
    if (!config.metricsToken && !config.metricsPort) return;
    const registers = [this.registry];
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });

    new Gauge({
      name: 'vibe_build_info',
      help: 'The running version: package version and git commit (value 1)',
      labelNames: ['version', 'commit'],
      registers,
    }).set({ version: buildInfo.version, commit: buildInfo.commit }, 1);

    this.observeRequest = httpRequestMetrics(this.registry);

    const jobRuns = new Histogram({
      name: 'vibe_job_duration_seconds',
      help: 'Job runs that ended in this process, by queue and outcome (completed, failed, interrupted), and how long they ran',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    runObservers.add((name, outcome, seconds) => jobRuns.observe({ queue: name, outcome }, seconds));

    const queueStats = perScrape(() => jobs.stats().catch(() => []));
    new Gauge({
      name: 'vibe_jobs',
      help: 'Jobs per queue: waiting (ready to run), active, failed (kept failures)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const q of await queueStats()) {
          this.set({ queue: q.name, state: 'waiting' }, q.waiting);
          this.set({ queue: q.name, state: 'active' }, q.active);
          this.set({ queue: q.name, state: 'failed' }, q.failed);
        }
      },
    });
    new Gauge({
      name: 'vibe_job_oldest_waiting_seconds',
      help: 'How long the oldest job ready to run has waited, per queue (0 when none waits)',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const q of await queueStats()) this.set({ queue: q.name }, q.oldestWaitingSeconds ?? 0);
      },
    });
    const staleAfter = staleAfterMs(config) / 1000;
    new Gauge({
      name: 'vibe_job_runners',
      help: 'Processes that run jobs and send sign-in mail, by heartbeat: alive (fresh) or stale (stopped or silent)',
      labelNames: ['state'],
      registers,
      async collect() {
        const seen = await workersSeen(db).catch(() => null);
        if (!seen) return;
        const alive = seen.filter((w) => !w.stopped && w.lastSeenSeconds <= staleAfter).length;
        this.set({ state: 'alive' }, alive);
        this.set({ state: 'stale' }, seen.length - alive);
      },
    });

    const readBacklogs = perScrape(() => backlogs.read());
    const backlogGauge = (
      name: string,
      help: string,
      pick: (b: { count: number; oldestSeconds: number | null; failedLastHour?: number }) => number | undefined,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: ['backlog'],
        registers,
        async collect() {
          this.reset();
          for (const [backlog, b] of Object.entries(await readBacklogs())) {
            if ('error' in b) continue;
            const v = pick(b);
            if (v !== undefined) this.set({ backlog }, v);
          }
        },
      });
    backlogGauge(
      'vibe_backlog_items',
      'Work waiting: magic-link-outbox (sign-in mail to send), orphan-objects (stored files to sweep), renditions (media waiting for them)',
      (b) => b.count,
    );
    backlogGauge(
      'vibe_backlog_oldest_seconds',
      'Age of the oldest waiting piece per backlog (0 when empty)',
      (b) => b.oldestSeconds ?? 0,
    );
    backlogGauge(
      'vibe_backlog_failed_last_hour',
      'Pieces given up on in the last hour (sign-in mail)',
      (b) => b.failedLastHour,
    );

    // a finished backup's name (modules/backups/database-backups.ts); read from the folder, so a restart or another process's backup counts
    if (config.backupEveryHours > 0)
      new Gauge({
        name: 'vibe_backup_last_success_timestamp_seconds',
        help: 'When the newest finished database backup in BACKUP_DIR was written (0: none yet)',
        registers,
        async collect() {
          const names = await readdir(config.backupDir).catch(() => [] as string[]);
          let newest = 0;
          for (const n of names.filter((n) => /^vibe-db-.*Z\.(tar\.gz|dump)$/.test(n))) {
            const s = await stat(path.join(config.backupDir, n)).catch(() => null);
            if (s) newest = Math.max(newest, s.mtimeMs / 1000);
          }
          this.set(newest);
        },
      });

    const pool = () => (dataSource.driver as unknown as { master?: PoolCounters }).master;
    new Gauge({
      name: 'vibe_db_pool_connections',
      help: 'Database pool connections of this process: in_use (lent to a query or transaction) and idle',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'idle' }, p.idleCount);
      },
    });
    new Gauge({
      name: 'vibe_db_pool_waiting',
      help: 'Queries of this process waiting for a database connection',
      registers,
      collect() {
        const p = pool();
        if (p) this.set(p.waitingCount);
      },
    });

    new Gauge({
      name: 'vibe_dependency_up',
      help: "Whether a dependency answers this process's own probe at scrape time (mail: whether the last send reached the relay)",
      labelNames: ['dependency'],
      registers,
      async collect() {
        const answers = await Promise.all(DEPENDENCIES.map((d) => outages.check(d)));
        DEPENDENCIES.forEach((d, i) => this.set({ dependency: d }, answers[i]!.up ? 1 : 0));
      },
    });
    new Gauge({
      name: 'vibe_data_dir_bytes',
      help: "DATA_DIR's file system (upload temp files; all data in the embedded mode): free and total bytes",
      labelNames: ['kind'],
      registers,
      async collect() {
        const fs = await statfs(config.dataDir).catch(() => null);
        if (!fs) return;
        this.set({ kind: 'free' }, fs.bavail * fs.bsize);
        this.set({ kind: 'total' }, fs.blocks * fs.bsize);
      },
    });
  }
}

/**
 * `http_requests_total` and `http_request_duration_seconds` on `registry`, and the observer that
 * feeds them. Each label set's child series is kept in a Map: a request costs two look-ups, not
 * prom-client's label hashing (the bench's metrics-cost scenario times this function's observer).
 */
export function httpRequestMetrics(registry: Registry): (req: Request, res: Response, seconds: number) => void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route template and status (429: refused by a rate limit)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route template',
    labelNames: ['method', 'route'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const counted = new Map<string, { inc(): void }>();
  const timed = new Map<string, { observe(v: number): void }>();
  return (req, res, seconds) => {
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    const route = routeOf(req);
    const status = String(res.statusCode);
    const key = `${method} ${route} ${status}`;
    let counter = counted.get(key);
    if (!counter) counted.set(key, (counter = requests.labels(method, route, status)));
    counter.inc();
    const timeKey = `${method} ${route}`;
    let timer = timed.get(timeKey);
    if (!timer) timed.set(timeKey, (timer = latency.labels(method, route)));
    timer.observe(seconds);
  };
}
