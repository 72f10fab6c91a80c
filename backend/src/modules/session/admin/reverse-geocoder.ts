import type { RoundedPoint } from './domain/location-label.js';

/** Thrown when a lookup would wait too long for its turn; the caller falls back without caching. */
export class GeocoderBusyError extends Error {
  constructor() {
    super('Reverse geocoder is busy');
  }
}

/** Port: a place name for a point, from a public reverse-geocoding service. */
export abstract class ReverseGeocoder {
  /** "City, State, Country"; null when the service failed or names no place there. */
  abstract reverse(point: RoundedPoint): Promise<string | null>;
}

export interface CachedLabel {
  /** null: the last lookup failed */
  label: string | null;
  fetchedAt: Date;
}

/** Port over geocode_cache. */
export abstract class GeocodeCache {
  abstract find(point: RoundedPoint): Promise<CachedLabel | null>;
  abstract save(point: RoundedPoint, label: string | null): Promise<void>;
}
