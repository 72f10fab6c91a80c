import { Injectable } from '@nestjs/common';
import { coordinatesLabel, roundPoint } from './domain/location-label.js';
import { GeocodeCache, GeocoderBusyError, ReverseGeocoder } from './reverse-geocoder.js';

/** Place names are stable: a found label is reused for 30 days, a failed lookup retried after 10 minutes. */
const FOUND_TTL_MS = 30 * 24 * 3600 * 1000;
const FAILED_TTL_MS = 10 * 60 * 1000;

export interface LocationLabel {
  label: string;
  /** where the label came from; `coordinates` is the fallback */
  source: 'cache' | 'geocoder' | 'coordinates';
}

@Injectable()
export class GeocodingService {
  /** Lookups under way, so a page of users at the same place costs one request, not one each. */
  private readonly inFlight = new Map<string, Promise<LocationLabel>>();

  constructor(
    private readonly cache: GeocodeCache,
    private readonly geocoder: ReverseGeocoder,
  ) {}

  async label(lat: number, lon: number): Promise<LocationLabel> {
    const point = roundPoint(lat, lon);
    const fallback: LocationLabel = { label: coordinatesLabel(point), source: 'coordinates' };
    const cached = await this.cache.find(point);
    if (cached) {
      const age = Date.now() - cached.fetchedAt.getTime();
      if (cached.label !== null && age < FOUND_TTL_MS) return { label: cached.label, source: 'cache' };
      if (cached.label === null && age < FAILED_TTL_MS) return fallback;
    }
    const key = coordinatesLabel(point);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const label = await this.geocoder.reverse(point);
          // an old name beats coordinates when the service is down
          if (label === null && cached?.label) return { label: cached.label, source: 'cache' as const };
          await this.cache.save(point, label);
          return label === null ? fallback : { label, source: 'geocoder' as const };
        } catch (err) {
          if (err instanceof GeocoderBusyError) return fallback;
          throw err;
        } finally {
          this.inFlight.delete(key);
        }
      })();
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}
