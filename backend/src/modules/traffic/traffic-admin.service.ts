import { Injectable } from '@nestjs/common';
import type { BackButtonConfig, IdleRedirectConfig } from './domain/redirect-config.js';
import { IDLE_TIME_DEFAULT } from './domain/redirect-config.js';
import type { SaveBackButtonDto, SaveIdleRedirectDto } from './dto/redirect-config.dto.js';
import { RedirectConfigRepository } from './redirect-config.repository.js';
import { TrafficSchema, type TrafficMigrationResult } from './traffic-schema.js';

const HISTORY_LIMIT = 100;

/**
 * The admin side of redirects. Each save appends a row: the newest is in force (and is what
 * GET /api/idle-redirect-config serves), older ones are the history.
 */
@Injectable()
export class TrafficAdminService {
  constructor(
    private readonly configs: RedirectConfigRepository,
    private readonly schema: TrafficSchema,
  ) {}

  currentIdle(): Promise<IdleRedirectConfig | null> {
    return this.configs.latestIdle();
  }

  currentBackButton(): Promise<BackButtonConfig | null> {
    return this.configs.latestBackButton();
  }

  /** An empty URL saves a disabled redirect. */
  saveIdle(dto: SaveIdleRedirectDto): Promise<IdleRedirectConfig> {
    return this.configs.addIdle({
      idleRedirectTime: dto.idleRedirectTime ?? IDLE_TIME_DEFAULT,
      idleRedirectUrl: dto.idleRedirectUrl,
      isActive: dto.idleRedirectUrl !== '' && (dto.isActive ?? true),
    });
  }

  saveBackButton(dto: SaveBackButtonDto): Promise<BackButtonConfig> {
    return this.configs.addBackButton({
      backButtonUrl: dto.backButtonUrl,
      isActive: dto.backButtonUrl !== '' && (dto.isActive ?? true),
    });
  }

  idleHistory(): Promise<IdleRedirectConfig[]> {
    return this.configs.idleHistory(HISTORY_LIMIT);
  }

  backButtonHistory(): Promise<BackButtonConfig[]> {
    return this.configs.backButtonHistory(HISTORY_LIMIT);
  }

  migrate(): Promise<TrafficMigrationResult> {
    return this.schema.ensure();
  }
}
