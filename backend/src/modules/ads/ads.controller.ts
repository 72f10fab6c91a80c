import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AD_FRAME_CSP } from '../../platform/http/security-headers.js';
import { adFrameDocument } from './ad-frame.js';
import { AdsService } from './ads.service.js';
import { AdConfigDto } from './dto/ad-config.dto.js';

@ApiTags('ads')
@Controller('api')
export class AdsController {
  constructor(private readonly ads: AdsService) {}

  /**
   * The visitor app caches this for 5 minutes itself; the server adds no cache so a change shows at once.
   * No zone configured is a normal state, so it answers 200 with JSON null rather than an error.
   */
  @Get('ad-config/:zoneId')
  @ApiOkResponse({ type: AdConfigDto, description: 'JSON null when the zone has no active ad' })
  async get(@Param('zoneId') zoneId: string, @Res() res: Response): Promise<void> {
    const config = await this.ads.activeZone(zoneId);
    // written by hand: Nest would answer a null result with an empty body, not JSON null
    res.status(200).json(config ? AdConfigDto.of(config) : null);
  }

  /** The ad's own document, loaded by the zone's sandboxed iframe. */
  @Get('ad-frame/:zoneId')
  async frame(@Param('zoneId') zoneId: string, @Res() res: Response): Promise<void> {
    const c = await this.ads.publicZone(zoneId);
    res
      .status(200)
      .type('html')
      .setHeader('Content-Security-Policy', AD_FRAME_CSP)
      .setHeader('Cache-Control', 'no-cache')
      .send(adFrameDocument(c.adCode, c.zoneId));
  }
}
