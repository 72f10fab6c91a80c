import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientNetwork } from '../../platform/budget/client-network.js';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../users/domain/user.js';
import { CurrentVisitor, RefuseBanned, Visitor } from '../session/identity/visitor.guard.js';
import { MediaIdPipe } from '../media/dto/media-id.pipe.js';
import { ReportedDto, ReportMediaDto } from './dto/report.dto.js';
import { ModerationService } from './moderation.service.js';

@ApiTags('media')
@Controller('api/media')
export class ReportController {
  constructor(private readonly moderation: ModerationService) {}

  /** One report per visitor and item; the item never comes back to the reporter's random pick. */
  @Post(':id/report')
  @HttpCode(201)
  @Visitor()
  @RefuseBanned()
  @ApiCreatedResponse({
    type: ReportedDto,
    description:
      '400 own_media; 404 not_found; 409 already_reported; 403 banned (the visitor is banned); 429 quota_exceeded (REPORTS_PER_SESSION_PER_HOUR, REPORTS_PER_ADDRESS_PER_HOUR)',
  })
  async report(
    @CurrentVisitor() user: User,
    @Param('id', MediaIdPipe) id: number,
    @Body() body: ReportMediaDto,
    @Req() req: Request,
  ): Promise<ReportedDto> {
    await this.moderation.report(user.id, id, body.reason, body.note, clientNetwork(req.ip));
    return { reported: true };
  }
}
