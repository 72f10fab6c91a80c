import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
import { jobAccepted } from '../../platform/jobs/job-queue.js';
import { JobAcceptedDto } from '../../platform/jobs/job-view.dto.js';
import { BackupSchedule } from './backup-schedule.js';
import { DatabaseBackups } from './database-backups.js';

export class BackupFileDto {
  @ApiProperty({ example: 'vibe-db-2026-11-29T01-20-00-123Z.tar.gz' })
  name!: string;
  @ApiProperty()
  bytes!: number;
  @ApiProperty({ description: 'When it was taken, ISO 8601' })
  takenAt!: string;
}

/** The DB Admin page's backups: the finished ones, newest first, and "Back up now". */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/backups')
export class BackupsController {
  constructor(
    private readonly backups: DatabaseBackups,
    private readonly schedule: BackupSchedule,
  ) {}

  @Get()
  @ApiOkResponse({ type: [BackupFileDto] })
  list(): Promise<BackupFileDto[]> {
    return this.backups.list();
  }

  /** A backup-database job now (one at a time: a second press while one runs answers that one). */
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: JobAcceptedDto, description: 'the job; its result is { backup, removed }' })
  @Audited({
    action: 'db.backup',
    target: () => 'database',
    detail: (_req, r) => (r?.jobId ? `job ${r.jobId}` : undefined),
  })
  async backUpNow(): Promise<JobAcceptedDto> {
    return jobAccepted(await this.schedule.backUpNow());
  }
}
