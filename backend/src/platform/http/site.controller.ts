import { Controller, Get, Headers } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../../config/env.js';

export class SiteConfigDto {
  @ApiProperty({ description: "SITE_NAME, or the request host's name from SITE_DOMAIN_NAMES" }) siteName!: string;
  @ApiProperty({ description: 'ANALYTICS_URL; empty: analytics off' }) analyticsUrl!: string;
}

/** Per-domain display name (SITE_DOMAIN_NAMES), read by the visitor app at run time: no rebuild. */
@ApiTags('site')
@Controller('api/site-config')
export class SiteController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: SiteConfigDto })
  get(@Headers('host') host: string | undefined): SiteConfigDto {
    return {
      siteName: this.config.siteNameFor(host),
      analyticsUrl: this.config.analyticsUrl,
    };
  }
}
