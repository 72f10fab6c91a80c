import { Injectable } from '@nestjs/common';
import { notFound } from '../../../platform/domain-error.js';
import { AdConfigRepository, type AdConfig } from '../ad-config.repository.js';
import { AdSchema } from '../ad-schema.js';
import type { AdMigrationResultDto, SaveAdConfigDto } from '../dto/ad-config.dto.js';

/** The admin side of ad zones; visitors read the same rows through AdsService.activeZone. */
@Injectable()
export class AdsAdminService {
  constructor(
    private readonly ads: AdConfigRepository,
    private readonly schema: AdSchema,
  ) {}

  /** 404 means "none configured yet" to the portal. */
  async zone(zoneId: string): Promise<AdConfig> {
    const config = await this.ads.find(zoneId);
    if (!config) throw notFound(`No ad configuration for ${zoneId}`);
    return config;
  }

  /** Empty ad code disables the zone whatever isActive says. */
  save(zoneId: string, dto: SaveAdConfigDto): Promise<AdConfig> {
    const adCode = dto.adCode ?? '';
    return this.ads.save({
      zoneId,
      zoneName: dto.zoneName,
      adCode,
      isActive: adCode.trim() !== '' && (dto.isActive ?? true),
    });
  }

  async migrate(): Promise<AdMigrationResultDto> {
    const { adConfigsCreated, indexesCreated } = await this.schema.ensure();
    return {
      message:
        adConfigsCreated || indexesCreated
          ? 'Ad configuration migration completed'
          : 'Ad configuration is already up to date',
      adConfigsCreated,
      indexesCreated,
      error: null,
    };
  }
}
