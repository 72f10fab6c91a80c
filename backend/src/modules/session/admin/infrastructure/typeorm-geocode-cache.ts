import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/sql.js';
import type { RoundedPoint } from '../domain/location-label.js';
import { type CachedLabel, GeocodeCache } from '../reverse-geocoder.js';

@Injectable()
export class TypeormGeocodeCache extends GeocodeCache {
  constructor(private readonly db: Database) {
    super();
  }

  async find(p: RoundedPoint): Promise<CachedLabel | null> {
    const r = await this.db.one<{ label: string | null; fetched_at: Date }>(
      `SELECT label, fetched_at FROM geocode_cache WHERE lat_key = $1 AND lon_key = $2`,
      [p.lat, p.lon],
    );
    return r ? { label: r.label, fetchedAt: new Date(r.fetched_at) } : null;
  }

  async save(p: RoundedPoint, label: string | null): Promise<void> {
    await this.db.rows(
      `INSERT INTO geocode_cache (lat_key, lon_key, label) VALUES ($1, $2, $3)
       ON CONFLICT (lat_key, lon_key) DO UPDATE SET label = EXCLUDED.label, fetched_at = now()`,
      [p.lat, p.lon, label],
    );
  }
}
