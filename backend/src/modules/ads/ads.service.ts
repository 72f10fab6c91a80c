import { Injectable } from '@nestjs/common';
import { notFound } from '../../platform/domain-error.js';
import { AdConfigRepository, type AdConfig } from './ad-config.repository.js';

@Injectable()
export class AdsService {
  constructor(private readonly ads: AdConfigRepository) {}

  /** What visitors see: only an active zone with code; null (a normal state) shows nothing. */
  async activeZone(zoneId: string): Promise<AdConfig | null> {
    const config = await this.ads.find(zoneId);
    return config && config.isActive && config.adCode.trim() ? config : null;
  }

  /** The ad frame's document exists only for an active zone. */
  async publicZone(zoneId: string): Promise<AdConfig> {
    const config = await this.activeZone(zoneId);
    if (!config) throw notFound(`No active ad in zone ${zoneId}`);
    return config;
  }
}
