import { Injectable } from '@nestjs/common';
import { notFound } from '../../platform/domain-error.js';
import { AdConfigRepository, type AdConfig } from './ad-config.repository.js';

@Injectable()
export class AdsService {
  constructor(private readonly ads: AdConfigRepository) {}

  /** What visitors see: only an active zone with code; otherwise 404 and the page shows nothing. */
  async publicZone(zoneId: string): Promise<AdConfig> {
    const config = await this.ads.find(zoneId);
    if (!config || !config.isActive || !config.adCode.trim()) throw notFound(`No active ad in zone ${zoneId}`);
    return config;
  }
}
