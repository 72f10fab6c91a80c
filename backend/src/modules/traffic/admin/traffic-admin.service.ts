import { Injectable } from '@nestjs/common';
import { badRequest } from '../../../platform/domain-error.js';
import type { BackButtonConfig, IdleRedirectConfig } from '../domain/redirect-config.js';
import { IDLE_TIME_DEFAULT, normaliseRedirectUrl } from '../domain/redirect-config.js';
import { INVALID_URL_MESSAGE, type SaveBackButtonDto, type SaveIdleRedirectDto } from '../dto/redirect-config.dto.js';
import { RedirectConfigRepository } from '../redirect-config.repository.js';
import { TrafficSchema, type TrafficMigrationResult } from '../traffic-schema.js';

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

  /** An empty URL saves a disabled redirect. URLs are stored in their normalised form. */
  saveIdle(dto: SaveIdleRedirectDto): Promise<IdleRedirectConfig> {
    const url = stored(dto.idleRedirectUrl);
    return this.configs.addIdle({
      idleRedirectTime: dto.idleRedirectTime ?? IDLE_TIME_DEFAULT,
      idleRedirectUrl: url,
      isActive: url !== '' && (dto.isActive ?? true),
    });
  }

  saveBackButton(dto: SaveBackButtonDto): Promise<BackButtonConfig> {
    const url = stored(dto.backButtonUrl);
    return this.configs.addBackButton({
      backButtonUrl: url,
      isActive: url !== '' && (dto.isActive ?? true),
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

/** The DTO already refused what the rule refuses; this only picks the normalised form. */
function stored(url: string): string {
  const normalised = normaliseRedirectUrl(url);
  if (normalised === null) throw badRequest(INVALID_URL_MESSAGE);
  return normalised;
}
