import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
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
  async importMedia() {
    return jobAccepted(await this.bucket.startImport());
  }
}
