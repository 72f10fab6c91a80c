import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { badRequest } from '../../platform/domain-error.js';
import { Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth.js';
import { noCache } from '../../platform/http/simple-rest.js';
import { AdsAdminService } from './ads-admin.service.js';
import { AdConfigDto, type AdMigrationResult, SaveAdConfigDto } from './dto/ad-config.dto.js';

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
  async get(@Param('zoneId') zoneId: string, @Res({ passthrough: true }) res: Response): Promise<AdConfigDto> {
    noCache(res);
    return AdConfigDto.of(await this.ads.zone(zone(zoneId)));
  }

  @Post('ad-config/:zoneId')
  @Audited({
    action: 'ads.update',
    target: (req) => `ad zone ${req.params.zoneId}`,
    detail: (req) => (req.body?.isActive === true ? 'active' : 'inactive'),
  })
  async save(@Param('zoneId') zoneId: string, @Body() body: SaveAdConfigDto): Promise<AdConfigDto> {
    return AdConfigDto.of(await this.ads.save(zone(zoneId), body));
  }

  /** Re-creates ad_configs if missing and seeds a disabled 'Ad Zone 1'; safe to repeat. */
  @Post('ad-migration')
  @HttpCode(200)
  @Audited({ action: 'db.migrate', target: () => 'ad_configs' })
  migrate(): Promise<AdMigrationResult> {
    return this.ads.migrate();
  }
}
