import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth.js';
import { jobAccepted } from '../../platform/jobs/job-queue.js';
import { BucketService } from './bucket.service.js';
import { DeleteBucketFilesDto } from './dto/delete-bucket-files.dto.js';

@ApiTags('admin: bucket')
@AdminOnly()
@Controller('api/admin')
export class BucketController {
  constructor(private readonly bucket: BucketService) {}

  @Get('list-bucket-files')
  @Header('Cache-Control', 'no-store')
  list() {
    return this.bucket.list();
  }

  @Post('delete-bucket-files')
  @HttpCode(200)
  @Audited({
    action: 'bucket.delete',
    target: (req) => (Array.isArray(req.body?.filenames) ? (req.body.filenames as unknown[]).join(', ') : ''),
    detail: (_req, r) => `${r?.deleted?.length ?? 0} deleted, ${r?.errors?.length ?? 0} errors`,
  })
  delete(@Body() body: DeleteBucketFilesDto) {
    return this.bucket.delete(body.filenames);
  }

  /** A job: poll GET /api/admin/jobs/{jobId}; its result is the spec's duplicate result. */
  @Get('find-duplicates')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiAcceptedResponse({ description: '{ jobId, state, progress, ... }' })
  async findDuplicates() {
    return jobAccepted(await this.bucket.startDuplicateScan());
  }

  /** A job: its result is { imported, skipped, errors, totalFiles }. */
  @Post('import-media')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: '{ jobId, state, progress, ... }' })
  @Audited({
    action: 'db.import',
    target: () => 'bucket',
    detail: (_req, r) => (r?.jobId ? `job ${r.jobId}` : undefined),
  })
  async importMedia() {
    return jobAccepted(await this.bucket.startImport());
  }
}
