import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';

/**
 * The handlers running in this process. On shutdown they are told to stop (their signal aborts)
 * and awaited (BackgroundWork's `jobs` stage: after the loops stopped claiming work, before the
 * database and Redis connections close under them).
 */
@Injectable()
export class RunningJobs {
  private readonly logger = new Logger('Jobs');
  private readonly running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();
  private stopping = false;

  constructor(config: AppConfig, work: BackgroundWork) {
    work.register('running jobs', 'jobs', () => this.stopAll(Math.max(config.jobsLockMs, 10_000)));
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Runs `work` with an abort signal that fires on shutdown (or when `abort(id)` is called). */
  async track<T>(jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (this.stopping) controller.abort();
    const done = work(controller.signal);
    this.running.set(jobId, { controller, done: done.catch(() => undefined) });
    try {
      return await done;
    } finally {
      this.running.delete(jobId);
    }
  }

  abort(jobId: string): void {
    this.running.get(jobId)?.controller.abort();
  }

  /** Aborts everything and waits (up to `graceMs`) for the handlers to reach a safe point. */
  async stopAll(graceMs: number): Promise<void> {
    this.stopping = true;
    if (!this.running.size) return;
    this.logger.log(`Stopping ${this.running.size} running job(s) at their next checkpoint`);
    for (const { controller } of this.running.values()) controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all([...this.running.values()].map((r) => r.done)), timeout]);
    clearTimeout(timer);
    if (this.running.size)
      this.logger.warn(
        `${this.running.size} job(s) did not stop in time; their lease will expire and another worker resumes them`,
      );
  }
}
