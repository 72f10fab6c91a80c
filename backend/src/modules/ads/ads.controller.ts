import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdsService } from './ads.service.js';

@ApiTags('ads')
@Controller('api/ad-config')
export class AdsController {
  constructor(private readonly ads: AdsService) {}

  @Get(':zoneId')
  @Header('Cache-Control', 'public, max-age=300')
  async get(@Param('zoneId') zoneId: string) {
    const c = await this.ads.publicZone(zoneId);
    return { zoneId: c.zoneId, zoneName: c.zoneName, adCode: c.adCode, isActive: c.isActive, updatedAt: c.updatedAt.toISOString() };
  }
}
