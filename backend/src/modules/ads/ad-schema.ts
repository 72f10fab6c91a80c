/** Port: re-runs the ad_configs migration (idempotent DDL) and seeds the default zone1 row when missing. */
export abstract class AdSchema {
  abstract ensure(): Promise<{ adConfigsCreated: number; indexesCreated: number }>;
}

export const DEFAULT_ZONE = { zoneId: 'zone1', zoneName: 'Ad Zone 1' } as const;
