import { Module } from '@nestjs/common';
import { BackupDatabaseJob } from './backup-database.job.js';
import { BackupSchedule } from './backup-schedule.js';
import { DatabaseBackups } from './database-backups.js';

/** Scheduled database backups (issue 28): the job, its schedule, the files. */
@Module({
  providers: [DatabaseBackups, BackupDatabaseJob, BackupSchedule],
  exports: [DatabaseBackups, BackupSchedule],
})
export class BackupsModule {}
