import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { BackupDatabaseJob } from './backup-database.job.js';
import { BackupSchedule } from './backup-schedule.js';
import { BackupsController } from './backups.controller.js';
import { DatabaseBackups } from './database-backups.js';

/** Scheduled database backups (issue 28): the job, its schedule, the files, the DB Admin page's routes. */
@Module({
  controllers: [BackupsController],
  providers: [DatabaseBackups, BackupDatabaseJob, BackupSchedule, auditActions(['db.backup'])],
  exports: [DatabaseBackups, BackupSchedule],
})
export class BackupsModule {}
