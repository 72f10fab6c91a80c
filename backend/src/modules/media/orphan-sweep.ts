import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../../platform/background-work.js';
import { Database } from '../../platform/database/sql.js';
import { PollLoop } from '../../platform/jobs/poll-loop.js';
import { claimScheduledRun } from '../../platform/jobs/scheduled-runs.js';
import { OutageLog } from '../../platform/logging/outage-log.js';
import { ObjectStorage } from '../../platform/storage/object-storage.js';
import { MediaService, ORPHAN_GRACE_MS } from './media.service.js';

const EVERY_MS = 3600_000;
/** How often a process asks whether the deployment's hourly sweep is due (one asker wins it). */
const ASK_EVERY_MS = 5 * 60_000;

/**
 * Removes what crashes leave in storage: objects of uploads whose row was never written or of
 * rows whose delete never reached storage (noted in orphan_objects), and half-written `.part`
 * files. Once an hour per deployment, in the background: every process that runs jobs (the
 * worker; the API in the embedded mode) asks every few minutes, and the one that claims the
 * hour in `scheduled_runs` sweeps. A sweep is safe beside another, but N replicas need not list
 * the bucket N times an hour. On a `PollLoop` like the other background loops: never two asks at
 * once, and shutdown waits for the sweep under way.
 */
@Injectable()
export class OrphanSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('OrphanSweep');
  private readonly loop = new PollLoop(
    () => this.sweepIfDue(),
    (err) => this.outages.report(err, () => this.logger.warn({ msg: 'Orphan sweep failed, will try again', err })),
  );

  constructor(
    private readonly media: MediaService,
    private readonly storage: ObjectStorage,
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly work: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.loop.start(ASK_EVERY_MS);
    this.work.register('orphan sweep', 'intake', () => this.loop.stop());
  }

  /** One pass; answers what it removed. */
  async sweep(now = Date.now()): Promise<{ orphans: number; partials: number }> {
    const olderThan = new Date(now - ORPHAN_GRACE_MS);
    return {
      partials: await this.storage.removeIncomplete(olderThan),
      orphans: await this.media.sweepOrphans(olderThan),
    };
  }

  /** Sweeps when this process claims the deployment's hourly run (a failure is reported by the loop). */
  async sweepIfDue(): Promise<void> {
    if (!(await claimScheduledRun(this.db, 'orphan-sweep', EVERY_MS))) return;
    const { orphans, partials } = await this.sweep();
    this.logger.log({
      msg: `Removed ${orphans} orphan object(s) and ${partials} unfinished file write(s)`,
      orphans,
      partials,
    });
  }
}
