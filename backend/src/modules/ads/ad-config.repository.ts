export interface AdConfig {
  zoneId: string;
  zoneName: string;
  adCode: string;
  isActive: boolean;
  updatedAt: Date;
}

/** Port over ad_configs (one row per zone). */
export abstract class AdConfigRepository {
  abstract find(zoneId: string): Promise<AdConfig | null>;
  abstract save(config: Omit<AdConfig, 'updatedAt'>): Promise<AdConfig>;
}
