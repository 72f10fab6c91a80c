import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';
import { buildInfo } from '../build-info.js';
import { Database } from '../database/sql.js';
import { OutageLog } from '../logging/outage-log.js';

export interface WorkerSeen {
  id: string;
  version: string;
  lastSeenSeconds: number;
  stopped: boolean;
}

/** A process that has not beaten for this long is gone: the same span after which its job is taken over. */
export const staleAfterMs = (config: AppConfig): number => config.jobsLockMs;

/**
 * Each process that runs jobs (the worker; the API unless RUN_JOBS=false) notes in
 * `process_heartbeats` that it is alive, every third of JOBS_LOCK_MS, and that it stopped when it
 * stops. Health reports jobs and mail as stuck when no process has beaten for JOBS_LOCK_MS:
 * nothing would then send the magic-link mail or run a job.
 */
@Injectable()
export class JobsHeartbeat implements OnApplicationBootstrap {
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = new Logger('Jobs');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly work: BackgroundWork,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // rows of processes gone for a week tell nothing any more
    await this.db.rows(`DELETE FROM process_heartbeats WHERE seen_at < now() - interval '7 days'`);
    await this.beat();
    this.timer = setInterval(() => void this.beat(), Math.max(250, Math.floor(this.config.jobsLockMs / 3)));
    this.timer.unref();
    // after the running jobs stopped: the row then says this process ran jobs until now
    this.work.register('process heartbeat', 'workers', () => this.stop());
  }

  private async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.db
      .rows(`UPDATE process_heartbeats SET stopped_at = now() WHERE id = $1`, [this.id])
      .catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      await this.db.rows(
        `INSERT INTO process_heartbeats (id, version) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET seen_at = now(), stopped_at = NULL`,
        [this.id, `${buildInfo.version} (${buildInfo.commit})`],
      );
    } catch (err) {
      this.outages.report(err, () => this.logger.warn({ msg: 'Heartbeat not written', err }));
    }
  }
}

/** The processes that ran jobs lately, newest heartbeat first. */
export async function workersSeen(db: Database): Promise<WorkerSeen[]> {
  const rows = await db.rows<{ id: string; version: string; age: number; stopped: boolean }>(
    `SELECT id, version, extract(epoch FROM now() - seen_at)::float8 AS age, stopped_at IS NOT NULL AS stopped
       FROM process_heartbeats WHERE seen_at > now() - interval '1 day' ORDER BY seen_at DESC LIMIT 20`,
  );
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    lastSeenSeconds: Math.round(Number(r.age) * 10) / 10,
    stopped: r.stopped,
  }));
}
