import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuditActor, idsTarget } from '../../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { sendListHeaders } from '../../../platform/http/simple-rest.js';
import { BanUsersDto, MediaIdsDto, ModerationListQueryDto, UserIdsDto } from '../dto/moderation.dto.js';
import type { ModerationRow } from '../moderation.repository.js';
import { ModerationService } from '../moderation.service.js';
import {
  BanResultDto,
  KeepResultDto,
  ModerationDeleteResultDto,
  ModerationRowDto,
  UnbanResultDto,
} from '../dto/moderation-answers.dto.js';

const bodyIds = (kind: string) => (req: { body?: { ids?: unknown } }) =>
  idsTarget(kind, Array.isArray(req.body?.ids) ? (req.body.ids as number[]) : []);

/** The Moderation page: the queue of reported media and the decisions on it. */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class ModerationAdminController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('moderation')
  @ApiOkResponse({ type: [ModerationRowDto], description: 'Content-Range: moderation first-last/total' })
  async list(
    @Query() query: ModerationListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModerationRow[]> {
    const page = await this.moderation.list(query);
    sendListHeaders(res, 'moderation', page.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Post('moderation/keep')
  @HttpCode(200)
  @Audited({ action: 'moderation.keep', target: bodyIds('media') })
  @ApiOkResponse({ type: KeepResultDto })
  keep(@Body() body: MediaIdsDto, @Actor() actor: AuditActor): Promise<KeepResultDto> {
    return this.moderation.keep(body.ids, actor);
  }

  @Post('moderation/delete')
  @HttpCode(200)
  @Audited({ action: 'moderation.delete', target: bodyIds('media') })
  @ApiOkResponse({ type: ModerationDeleteResultDto })
  delete(@Body() body: MediaIdsDto, @Actor() actor: AuditActor): Promise<ModerationDeleteResultDto> {
    return this.moderation.delete(body.ids, actor);
  }

  @Post('users/ban')
  @HttpCode(200)
  @Audited({ action: 'user.ban', target: bodyIds('user') })
  @ApiOkResponse({ type: BanResultDto })
  ban(@Body() body: BanUsersDto, @Actor() actor: AuditActor): Promise<BanResultDto> {
    return this.moderation.ban(body.ids, body.deleteMedia ?? false, actor);
  }

  @Post('users/unban')
  @HttpCode(200)
  @Audited({ action: 'user.unban', target: bodyIds('user') })
  @ApiOkResponse({ type: UnbanResultDto })
  unban(@Body() body: UserIdsDto, @Actor() actor: AuditActor): Promise<UnbanResultDto> {
    return this.moderation.unban(body.ids, actor);
  }
}
