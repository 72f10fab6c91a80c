import { Controller, Get, Headers } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../../config/env.js';

/** Per-domain display name (SITE_DOMAIN_NAMES), read by the visitor app at run time: no rebuild. */
@ApiTags('site')
@Controller('api/site-config')
export class SiteController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  get(@Headers('host') host: string | undefined): { siteName: string; analyticsUrl: string } {
    return {
      siteName: this.config.siteNameFor(host),
      analyticsUrl: this.config.analyticsUrl,
    };
  }
}
