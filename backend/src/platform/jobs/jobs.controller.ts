import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { notFound } from '../domain-error.js';
import { AdminOnly } from '../http/admin-auth/admin-routes.js';
import { JobQueue, type JobView } from './job-queue.js';
import { jobNameOf } from './on-job.js';
import { JobViewDto } from './job-view.dto.js';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

export class JobListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(100, { message: LIMIT_MESSAGE })
  limit?: number;
}

@ApiTags('admin: jobs')
@AdminOnly()
@Controller('api/admin/jobs')
export class JobsController {
  constructor(private readonly jobs: JobQueue) {}

  /** The app bar's jobs indicator: waiting and active jobs first, then the newest finished ones. */
  @Get()
  @ApiOkResponse({ type: [JobViewDto], description: 'Unfinished first, newest first' })
  list(@Query() query: JobListQueryDto): Promise<JobView[]> {
    return this.jobs.list(query.limit ?? 20);
  }

  /** State, progress (0–100 plus counts) and the result or the error of an import, population or duplicate scan. */
  @Get(':id')
  @ApiOkResponse({ type: JobViewDto })
  async get(@Param('id') id: string): Promise<JobView> {
    const job = jobNameOf(id) ? await this.jobs.get(id) : null;
    if (!job) throw notFound('Job not found');
    return job;
  }
}
