import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../../platform/background-work.js';
import { Database } from '../../platform/database/sql.js';
import { JobQueue, type JobView } from '../../platform/jobs/job-queue.js';
import { PollLoop } from '../../platform/jobs/poll-loop.js';
import { claimScheduledRun } from '../../platform/jobs/scheduled-runs.js';
import { OutageLog } from '../../platform/logging/outage-log.js';

/** How often a process asks whether the deployment's backup is due (one asker wins it). */
const ASK_EVERY_MS = 5 * 60_000;

/**
 * Queues a `backup-database` job every BACKUP_EVERY_HOURS (0: never) for the whole deployment:
 * every process that runs jobs asks every few minutes and the one that claims the period in
 * `scheduled_runs` queues it (as the orphan sweep does), so N replicas back up once.
 */
@Injectable()
export class BackupSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('BackupSchedule');
  private readonly loop = new PollLoop(
    () => this.backUpIfDue().then(() => undefined),
    (err) =>
      this.outages.report(err, () =>
        this.logger.warn({ msg: 'Could not queue the database backup, will try again', err }),
      ),
  );

  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly work: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs || this.config.backupEveryHours === 0) return;
    this.loop.start(ASK_EVERY_MS);
    this.work.register('database backup schedule', 'intake', () => this.loop.stop());
  }

  /** Queues the backup when this process claims the period; null when it is not due (or another process claimed it). */
  async backUpIfDue(): Promise<JobView | null> {
    if (this.config.backupEveryHours === 0) return null;
    if (!(await claimScheduledRun(this.db, 'backup-database', this.config.backupEveryHours * 3600_000))) return null;
    return this.backUpNow();
  }

  backUpNow(): Promise<JobView> {
    return this.jobs.enqueue('backup-database', {}, { exclusiveKey: 'backup-database' });
  }
}
