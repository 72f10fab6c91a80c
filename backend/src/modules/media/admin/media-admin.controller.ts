import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuditActor, idsTarget } from '../../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { IdParam } from '../../../platform/http/id-param.js';
import { RequireJson } from '../../../platform/http/require-json.js';
import { ListQueryDto, sendListHeaders } from '../../../platform/http/simple-rest.js';
import { jobAccepted } from '../../../platform/jobs/job-queue.js';
import { AdminMediaDto, DeleteMediaDto, GenerateRenditionsDto } from './dto/admin-media.dto.js';
import { MediaAdminService } from './media-admin.service.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/media')
export class MediaAdminController {
  constructor(private readonly media: MediaAdminService) {}

  /** Also the portal's login check: wrong credentials answer 401 here. */
  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AdminMediaDto[]> {
    const page = await this.media.list(query);
    sendListHeaders(res, 'media', page.offset, page.rows.length, page.total);
    return page.rows.map(AdminMediaDto.of);
  }

  /** The Media page's three totals, from the database's counters. Declared before `:id`, which would take "totals". */
  @Get('totals')
  @ApiOkResponse({ description: '{ totalMedia, totalVotes, totalViews }' })
  async totals() {
    return this.media.totals();
  }

  /** How many items are still shown by their originals: waiting for renditions, or unrenderable. */
  @Get('renditions')
  @ApiOkResponse({ description: '{ pending, failed }' })
  async renditions(): Promise<{ pending: number; failed: number }> {
    return this.media.renditionBacklog();
  }

  /** "Generate missing renditions": a job; its result is { total, made, unrenderable, skipped }. */
  @Post('renditions')
  @HttpCode(202)
  @RequireJson()
  @ApiAcceptedResponse({ description: '{ jobId, state, progress, ... }' })
  @Audited({
    action: 'media.renditions',
    target: () => 'media',
    detail: (req, r) =>
      `${req.body?.retryFailed ? 'pending and failed' : 'pending'}${r?.jobId ? `, job ${r.jobId}` : ''}`,
  })
  async generateRenditions(@Body() body: GenerateRenditionsDto) {
    return jobAccepted(await this.media.generateRenditions(body.retryFailed === true));
  }

  @Get(':id')
  async get(@Param('id', IdParam) id: number): Promise<AdminMediaDto> {
    return AdminMediaDto.of(await this.media.get(id));
  }

  /** The portal's bulk delete: one call, one transaction for the rows; ids that do not exist are reported. */
  @Post('delete')
  @HttpCode(200)
  @RequireJson()
  @ApiOkResponse({ description: '{ deleted: number[], notFound: number[] }' })
  @Audited({
    action: 'media.bulk_delete',
    target: (req) => idsTarget('media', req.body?.ids ?? []),
    inTransaction: true,
  })
  deleteMany(
    @Body() body: DeleteMediaDto,
    @Actor() actor: AuditActor,
  ): Promise<{ deleted: number[]; notFound: number[] }> {
    return this.media.deleteMany(body.ids, actor);
  }

  @Delete(':id')
  @Audited({ action: 'media.delete', target: (req) => `media ${req.params.id}`, inTransaction: true })
  async remove(@Param('id', IdParam) id: number, @Actor() actor: AuditActor): Promise<AdminMediaDto> {
    return AdminMediaDto.of(await this.media.delete(id, actor));
  }
}
