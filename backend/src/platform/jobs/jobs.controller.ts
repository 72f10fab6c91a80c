import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { notFound } from '../domain-error.js';
import { AdminOnly } from '../http/admin-auth.js';
import { jobNameOf, JobQueue, type JobView } from './job-queue.js';

@ApiTags('admin: jobs')
@AdminOnly()
@Controller('api/admin/jobs')
export class JobsController {
  constructor(private readonly jobs: JobQueue) {}

  /** State, progress (0–100 plus counts) and the result or the error of an import, population or duplicate scan. */
  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      '{ id, name, state: waiting|active|completed|failed, progress: { percent, ...counts }, result, error, attemptsMade, createdAt, finishedAt }',
  })
  async get(@Param('id') id: string): Promise<JobView> {
    const job = jobNameOf(id) ? await this.jobs.get(id) : null;
    if (!job) throw notFound('Job not found');
    return job;
  }
}
