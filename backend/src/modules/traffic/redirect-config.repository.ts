import type { BackButtonConfig, IdleRedirectConfig } from './domain/redirect-config.js';

/** Port over the append-only redirect tables: the newest row is the setting in force. */
export abstract class RedirectConfigRepository {
  abstract latestIdle(): Promise<IdleRedirectConfig | null>;
  abstract latestBackButton(): Promise<BackButtonConfig | null>;
  abstract idleHistory(limit: number): Promise<IdleRedirectConfig[]>;
  abstract backButtonHistory(limit: number): Promise<BackButtonConfig[]>;
  abstract addIdle(c: {
    idleRedirectTime: number;
    idleRedirectUrl: string;
    isActive: boolean;
  }): Promise<IdleRedirectConfig>;
  abstract addBackButton(c: { backButtonUrl: string; isActive: boolean }): Promise<BackButtonConfig>;
}
