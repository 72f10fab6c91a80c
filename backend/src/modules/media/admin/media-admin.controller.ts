import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuditActor, idsTarget } from '../../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { IdParam } from '../../../platform/http/id-param.js';
import { ListQueryDto, sendListHeaders } from '../../../platform/http/simple-rest.js';
import { jobAccepted } from '../../../platform/jobs/job-queue.js';
import { JobAcceptedDto } from '../../../platform/jobs/job-view.dto.js';
import {
  AdminMediaDto,
  DeleteMediaDto,
  GenerateRenditionsDto,
  MediaDeleteResultDto,
  MediaTotalsDto,
  RenditionBacklogDto,
} from './dto/admin-media.dto.js';
import { RenditionsResultDto } from '../renditions/generate-renditions.job.js';
import { MediaAdminService } from './media-admin.service.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/media')
export class MediaAdminController {
  constructor(private readonly media: MediaAdminService) {}

  /** Also the portal's login check: wrong credentials answer 401 here. */
  @Get()
  @ApiOkResponse({
    type: [AdminMediaDto],
    description:
      'filters q (name or username), type (image/video), id, userId; sort also hotPercentage (unvoted last) and hotScore (lower bound of the Wilson 95 % interval of the hot share). Content-Range: media first-last/total; X-Total-Estimated: true when total is an estimate (a filter matching more than 10,000 media)',
  })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AdminMediaDto[]> {
    const page = await this.media.list(query);
    sendListHeaders(res, 'media', page.offset, page.rows.length, page.total, page.totalEstimated);
    return page.rows.map(AdminMediaDto.of);
  }

  /** The Media page's three totals, from the database's counters. Declared before `:id`, which would take "totals". */
  @Get('totals')
  @ApiOkResponse({ type: MediaTotalsDto })
  async totals(): Promise<MediaTotalsDto> {
    return this.media.totals();
  }

  /** How many items are still shown by their originals: waiting for renditions, or unrenderable. */
  @Get('renditions')
  @ApiOkResponse({ type: RenditionBacklogDto })
  async renditions(): Promise<RenditionBacklogDto> {
    return this.media.renditionBacklog();
  }

  /** "Generate missing renditions": a job; its result is { total, made, unrenderable, skipped }. */
  @Post('renditions')
  @HttpCode(202)
  @ApiExtraModels(RenditionsResultDto)
  @ApiAcceptedResponse({ type: JobAcceptedDto, description: 'the job; its result is a RenditionsResultDto' })
  @Audited({
    action: 'media.renditions',
    target: () => 'media',
    detail: (req, r) =>
      `${req.body?.retryFailed ? 'pending and failed' : 'pending'}${r?.jobId ? `, job ${r.jobId}` : ''}`,
  })
  async generateRenditions(@Body() body: GenerateRenditionsDto): Promise<JobAcceptedDto> {
    return jobAccepted(await this.media.generateRenditions(body.retryFailed === true));
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminMediaDto })
  async get(@Param('id', IdParam) id: number): Promise<AdminMediaDto> {
    return AdminMediaDto.of(await this.media.get(id));
  }

  /** The portal's bulk delete: one call, one transaction for the rows; ids that do not exist are reported. */
  @Post('delete')
  @HttpCode(200)
  @ApiOkResponse({ type: MediaDeleteResultDto })
  @Audited({
    action: 'media.bulk_delete',
    target: (req) => idsTarget('media', req.body?.ids ?? []),
  })
  deleteMany(@Body() body: DeleteMediaDto, @Actor() actor: AuditActor): Promise<MediaDeleteResultDto> {
    return this.media.deleteMany(body.ids, actor);
  }

  @Delete(':id')
  @ApiOkResponse({ type: AdminMediaDto, description: 'the deleted row' })
  @Audited({ action: 'media.delete', target: (req) => `media ${req.params.id}` })
  async remove(@Param('id', IdParam) id: number, @Actor() actor: AuditActor): Promise<AdminMediaDto> {
    return AdminMediaDto.of(await this.media.delete(id, actor));
  }
}
