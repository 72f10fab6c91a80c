import { Injectable } from '@nestjs/common';
import { publicConfig, type PublicRedirectConfig } from './domain/redirect-config.js';
import { RedirectConfigRepository } from './redirect-config.repository.js';

@Injectable()
export class TrafficService {
  constructor(private readonly configs: RedirectConfigRepository) {}

  async publicConfig(): Promise<PublicRedirectConfig> {
    const [idle, back] = await Promise.all([this.configs.latestIdle(), this.configs.latestBackButton()]);
    return publicConfig(idle, back);
  }
}
