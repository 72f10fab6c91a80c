import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import type { CachedPlace, RoundedPoint } from '../domain/location-label.js';
import { type Claim, GeocodeCache } from '../reverse-geocoder.js';

interface LookupRow {
  lat_key: string;
  lon_key: string;
  label: string | null;
  refresh_after: Date | null;
  queued: boolean | null;
}

/** A place stays queued while a loop asks for it; after this, another loop may take it over. */
const CLAIM_LEASE_MS = 60_000;
const CLAIMABLE = `queued_at IS NOT NULL AND (claimed_until IS NULL OR claimed_until < now())`;

@Injectable()
export class TypeormGeocodeCache extends GeocodeCache {
  constructor(private readonly db: Database) {
    super();
  }

  async lookup(points: readonly { lat: number; lon: number }[]) {
    if (points.length === 0) return [];
    // rounded here, by the database, so the keys always match what queue() and the loop store
    const rows = await this.db.rows<LookupRow & { i: string }>(
      `SELECT t.i, k.lat_key::text, k.lon_key::text, g.label, g.refresh_after, g.queued_at IS NOT NULL AS queued
         FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS t(x, y, i)
         CROSS JOIN LATERAL (SELECT round(t.x::numeric, 2) AS lat_key, round(t.y::numeric, 2) AS lon_key) k
         LEFT JOIN geocode_cache g ON g.lat_key = k.lat_key AND g.lon_key = k.lon_key
        ORDER BY t.i`,
      [points.map((p) => p.lat), points.map((p) => p.lon)],
    );
    return rows.map((r) => ({
      point: { lat: r.lat_key, lon: r.lon_key },
      place:
        r.queued === null
          ? null
          : ({
              label: r.label,
              refreshAfter: r.refresh_after ? new Date(r.refresh_after) : null,
              queued: r.queued,
            } satisfies CachedPlace),
    }));
  }

  async queue(points: readonly RoundedPoint[]): Promise<void> {
    if (points.length === 0) return;
    // a place already queued keeps its turn; one due again (or never looked up) joins the queue
    await this.db.rows(
      `INSERT INTO geocode_cache AS c (lat_key, lon_key, queued_at)
       SELECT DISTINCT lat, lon, now() FROM unnest($1::numeric[], $2::numeric[]) AS t(lat, lon)
       ON CONFLICT (lat_key, lon_key) DO UPDATE SET queued_at = now()
        WHERE c.queued_at IS NULL AND (c.refresh_after IS NULL OR c.refresh_after <= now())`,
      [points.map((p) => p.lat), points.map((p) => p.lon)],
    );
  }

  async claim(intervalMs: number): Promise<Claim> {
    // the pace row is taken only when there is work, so an idle loop writes nothing
    const slot = await this.db.one<{ ok: boolean }>(
      `UPDATE geocode_pace SET next_at = now() + $1::float8 * interval '1 millisecond'
        WHERE id = 1 AND next_at <= now()
          AND EXISTS (SELECT 1 FROM geocode_cache WHERE ${CLAIMABLE})
        RETURNING true AS ok`,
      [intervalMs],
    );
    if (!slot) {
      const state = await this.db.one<{ wait_ms: string | number; queued: boolean }>(
        // next_at starts at '-infinity' (never paced yet), which PostgreSQL 15 cannot subtract from
        `SELECT CASE WHEN isfinite(next_at) THEN greatest(0, extract(epoch FROM (next_at - now())) * 1000) ELSE 0 END
                  AS wait_ms,
                EXISTS (SELECT 1 FROM geocode_cache WHERE ${CLAIMABLE}) AS queued
           FROM geocode_pace WHERE id = 1`,
      );
      if (!state?.queued) return { kind: 'idle' };
      return { kind: 'wait', ms: Math.max(1, Math.ceil(Number(state.wait_ms))) };
    }
    const row = await this.db.one<LookupRow>(
      `UPDATE geocode_cache c SET claimed_until = now() + $1::float8 * interval '1 millisecond'
         FROM (SELECT lat_key, lon_key FROM geocode_cache WHERE ${CLAIMABLE}
                ORDER BY queued_at LIMIT 1 FOR UPDATE SKIP LOCKED) next
        WHERE c.lat_key = next.lat_key AND c.lon_key = next.lon_key
        RETURNING c.lat_key::text, c.lon_key::text, c.label, c.refresh_after, true AS queued`,
      [CLAIM_LEASE_MS],
    );
    // another process took the last one meanwhile: this turn of the pace goes unused
    if (!row) return { kind: 'wait', ms: intervalMs };
    return { kind: 'place', point: { lat: row.lat_key, lon: row.lon_key }, previousLabel: row.label };
  }

  async save(point: RoundedPoint, label: string | null, refreshInMs: number, answered: boolean): Promise<void> {
    await this.db.rows(
      `UPDATE geocode_cache SET label = $3, refresh_after = now() + $4::float8 * interval '1 millisecond',
              fetched_at = CASE WHEN $5::boolean THEN now() ELSE fetched_at END, queued_at = NULL, claimed_until = NULL
        WHERE lat_key = $1::numeric AND lon_key = $2::numeric`,
      [point.lat, point.lon, label, refreshInMs, answered],
    );
  }
}
