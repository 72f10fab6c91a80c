import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
import { jobAccepted } from '../../platform/jobs/job-queue.js';
import { BucketService } from './bucket.service.js';
import { DeleteBucketFilesDto } from './dto/delete-bucket-files.dto.js';
import {
  BucketDeleteResultDto,
  BucketListingDto,
  DuplicateResultDto,
  ImportResultDto,
} from './dto/bucket-answers.dto.js';
import { JobAcceptedDto } from '../../platform/jobs/job-view.dto.js';

@ApiTags('admin: bucket')
@AdminOnly()
@Controller('api/admin')
export class BucketController {
  constructor(private readonly bucket: BucketService) {}

  @Get('list-bucket-files')
  @ApiOkResponse({ type: BucketListingDto })
  list(): Promise<BucketListingDto> {
    return this.bucket.list();
  }

  @Post('delete-bucket-files')
  @HttpCode(200)
  @Audited({
    action: 'bucket.delete',
    target: (req) => (Array.isArray(req.body?.filenames) ? (req.body.filenames as unknown[]).join(', ') : ''),
    detail: (_req, r) => `${r?.deleted?.length ?? 0} deleted, ${r?.errors?.length ?? 0} errors`,
  })
  @ApiOkResponse({ type: BucketDeleteResultDto, description: '404 File not found: <key> when none exists' })
  delete(@Body() body: DeleteBucketFilesDto): Promise<BucketDeleteResultDto> {
    return this.bucket.delete(body.filenames);
  }

  /** A job: poll GET /api/admin/jobs/{jobId}; its result is the spec's duplicate result. */
  @Get('find-duplicates')
  @HttpCode(202)
  @ApiExtraModels(DuplicateResultDto)
  @ApiAcceptedResponse({ type: JobAcceptedDto, description: 'the job; its result is a DuplicateResultDto' })
  async findDuplicates(): Promise<JobAcceptedDto> {
    return jobAccepted(await this.bucket.startDuplicateScan());
  }

  /** A job: its result is { imported, skipped, errors, totalFiles }. */
  @Post('import-media')
  @HttpCode(202)
  @ApiExtraModels(ImportResultDto)
  @ApiAcceptedResponse({ type: JobAcceptedDto, description: 'the job; its result is an ImportResultDto' })
  @Audited({
    action: 'db.import',
    target: () => 'bucket',
    detail: (_req, r) => (r?.jobId ? `job ${r.jobId}` : undefined),
  })
  async importMedia(): Promise<JobAcceptedDto> {
    return jobAccepted(await this.bucket.startImport());
  }
}
