import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import {
  BackButtonConfigDto,
  IdleRedirectConfigDto,
  SaveBackButtonDto,
  SaveIdleRedirectDto,
  TrafficMigrationResultDto,
} from '../dto/redirect-config.dto.js';
import { TrafficAdminService } from './traffic-admin.service.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class TrafficAdminController {
  constructor(private readonly traffic: TrafficAdminService) {}

  @Get('idle-redirect-config')
  @ApiOkResponse({ type: IdleRedirectConfigDto })
  async idle(): Promise<IdleRedirectConfigDto> {
    return IdleRedirectConfigDto.of(await this.traffic.currentIdle());
  }

  @Post('idle-redirect-config')
  @Audited({
    action: 'traffic.update',
    target: () => 'idle redirect',
    detail: (req) =>
      `${String(req.body?.idleRedirectTime ?? '')} s → ${String(req.body?.idleRedirectUrl ?? '') || 'off'}`,
  })
  @ApiCreatedResponse({ type: IdleRedirectConfigDto, description: '400 Invalid Time: … / Invalid URL: …' })
  async saveIdle(@Body() body: SaveIdleRedirectDto): Promise<IdleRedirectConfigDto> {
    return IdleRedirectConfigDto.of(await this.traffic.saveIdle(body));
  }

  @Get('idle-redirect-history')
  @ApiOkResponse({ type: [IdleRedirectConfigDto], description: 'newest first' })
  async idleHistory(): Promise<IdleRedirectConfigDto[]> {
    return (await this.traffic.idleHistory()).map((c) => IdleRedirectConfigDto.of(c));
  }

  @Get('back-button-config')
  @ApiOkResponse({ type: BackButtonConfigDto })
  async backButton(): Promise<BackButtonConfigDto> {
    return BackButtonConfigDto.of(await this.traffic.currentBackButton());
  }

  @Post('back-button-config')
  @Audited({
    action: 'traffic.update',
    target: () => 'back button redirect',
    detail: (req) => `→ ${String(req.body?.backButtonUrl ?? '') || 'off'}`,
  })
  @ApiCreatedResponse({ type: BackButtonConfigDto, description: '400 Invalid URL: …' })
  async saveBackButton(@Body() body: SaveBackButtonDto): Promise<BackButtonConfigDto> {
    return BackButtonConfigDto.of(await this.traffic.saveBackButton(body));
  }

  @Get('back-button-history')
  @ApiOkResponse({ type: [BackButtonConfigDto], description: 'newest first' })
  async backButtonHistory(): Promise<BackButtonConfigDto[]> {
    return (await this.traffic.backButtonHistory()).map((c) => BackButtonConfigDto.of(c));
  }

  /** Re-creates missing redirect tables and indexes and seeds disabled defaults; safe to repeat. */
  @Post('traffic-handler-migration')
  @HttpCode(200)
  @Audited({ action: 'db.migrate', target: () => 'traffic redirect tables' })
  @ApiOkResponse({ type: TrafficMigrationResultDto })
  migrate(): Promise<TrafficMigrationResultDto> {
    return this.traffic.migrate();
  }
}
