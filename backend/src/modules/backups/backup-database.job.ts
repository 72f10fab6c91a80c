import { OnJob } from '../../platform/jobs/on-job.js';
import type { JobHandler } from '../../platform/jobs/job-queue.js';
import { type BackupFile, DatabaseBackups } from './database-backups.js';

/**
 * One database backup (scheduled by `BackupSchedule`, or "Back up now" on the DB Admin page).
 * Idempotent enough: a retry writes a new file, and the oldest ones past BACKUP_KEEP go.
 */
@OnJob('backup-database')
export class BackupDatabaseJob implements JobHandler<Record<string, never>, { backup: BackupFile; removed: string[] }> {
  constructor(private readonly backups: DatabaseBackups) {}

  run(): Promise<{ backup: BackupFile; removed: string[] }> {
    return this.backups.backUp();
  }
}
