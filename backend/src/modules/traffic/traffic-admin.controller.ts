import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth.js';
import { noCache } from '../../platform/http/simple-rest.js';
import {
  BackButtonConfigDto,
  IdleRedirectConfigDto,
  SaveBackButtonDto,
  SaveIdleRedirectDto,
} from './dto/redirect-config.dto.js';
import { TrafficAdminService } from './traffic-admin.service.js';
import type { TrafficMigrationResult } from './traffic-schema.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class TrafficAdminController {
  constructor(private readonly traffic: TrafficAdminService) {}

  @Get('idle-redirect-config')
  async idle(@Res({ passthrough: true }) res: Response): Promise<IdleRedirectConfigDto> {
    noCache(res);
    return IdleRedirectConfigDto.of(await this.traffic.currentIdle());
  }

  @Post('idle-redirect-config')
  @Audited({
    action: 'traffic.update',
    target: () => 'idle redirect',
    detail: (req) =>
      `${String(req.body?.idleRedirectTime ?? '')} s → ${String(req.body?.idleRedirectUrl ?? '') || 'off'}`,
  })
  async saveIdle(@Body() body: SaveIdleRedirectDto): Promise<IdleRedirectConfigDto> {
    return IdleRedirectConfigDto.of(await this.traffic.saveIdle(body));
  }

  @Get('idle-redirect-history')
  async idleHistory(@Res({ passthrough: true }) res: Response): Promise<IdleRedirectConfigDto[]> {
    noCache(res);
    return (await this.traffic.idleHistory()).map((c) => IdleRedirectConfigDto.of(c));
  }

  @Get('back-button-config')
  async backButton(@Res({ passthrough: true }) res: Response): Promise<BackButtonConfigDto> {
    noCache(res);
    return BackButtonConfigDto.of(await this.traffic.currentBackButton());
  }

  @Post('back-button-config')
  @Audited({
    action: 'traffic.update',
    target: () => 'back button redirect',
    detail: (req) => `→ ${String(req.body?.backButtonUrl ?? '') || 'off'}`,
  })
  async saveBackButton(@Body() body: SaveBackButtonDto): Promise<BackButtonConfigDto> {
    return BackButtonConfigDto.of(await this.traffic.saveBackButton(body));
  }

  @Get('back-button-history')
  async backButtonHistory(@Res({ passthrough: true }) res: Response): Promise<BackButtonConfigDto[]> {
    noCache(res);
    return (await this.traffic.backButtonHistory()).map((c) => BackButtonConfigDto.of(c));
  }

  /** Re-creates missing redirect tables and indexes and seeds disabled defaults; safe to repeat. */
  @Post('traffic-handler-migration')
  @HttpCode(200)
  @Audited({ action: 'db.migrate', target: () => 'traffic redirect tables' })
  migrate(): Promise<TrafficMigrationResult> {
    return this.traffic.migrate();
  }
}
