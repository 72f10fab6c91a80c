import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { badRequest } from '../../../platform/domain-error.js';
import { Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { AdsAdminService } from './ads-admin.service.js';
import { AdConfigDto, AdMigrationResultDto, SaveAdConfigDto } from '../dto/ad-config.dto.js';

const zone = (zoneId: string): string => {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(zoneId)) throw badRequest('zoneId must be 1 to 32 letters, digits, - or _');
  return zoneId;
};

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class AdsAdminController {
  constructor(private readonly ads: AdsAdminService) {}

  @Get('ad-config/:zoneId')
  @ApiOkResponse({ type: AdConfigDto, description: '404 when the zone was never configured' })
  async get(@Param('zoneId') zoneId: string): Promise<AdConfigDto> {
    return AdConfigDto.of(await this.ads.zone(zone(zoneId)));
  }

  @Post('ad-config/:zoneId')
  @Audited({
    action: 'ads.update',
    target: (req) => `ad zone ${req.params.zoneId}`,
    detail: (req) => (req.body?.isActive === true ? 'active' : 'inactive'),
  })
  @ApiCreatedResponse({ type: AdConfigDto, description: '400 Zone name cannot be empty' })
  async save(@Param('zoneId') zoneId: string, @Body() body: SaveAdConfigDto): Promise<AdConfigDto> {
    return AdConfigDto.of(await this.ads.save(zone(zoneId), body));
  }

  /** Re-creates ad_configs if missing and seeds a disabled 'Ad Zone 1'; safe to repeat. */
  @Post('ad-migration')
  @HttpCode(200)
  @Audited({ action: 'db.migrate', target: () => 'ad_configs' })
  @ApiOkResponse({ type: AdMigrationResultDto })
  migrate(): Promise<AdMigrationResultDto> {
    return this.ads.migrate();
  }
}
