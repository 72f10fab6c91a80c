import type { CachedPlace, RoundedPoint } from './domain/location-label.js';

/** Port: a place name for a point, from a public reverse-geocoding service. */
export abstract class ReverseGeocoder {
  /** "City, State, Country"; null when the service failed or names no place there. */
  abstract reverse(point: RoundedPoint): Promise<string | null>;
}

export type Claim =
  /** this process may ask for this place now (the deployment-wide pace let it through) */
  | { kind: 'place'; point: RoundedPoint; previousLabel: string | null }
  /** places are queued but the pace says wait this long */
  | { kind: 'wait'; ms: number }
  /** nothing queued */
  | { kind: 'idle' };

/** Port over geocode_cache (the names and the queue of places to look up) and geocode_pace. */
export abstract class GeocodeCache {
  /**
   * For each point (in order): its place as the database rounds it (2 decimals) and what the
   * cache holds for it, null when nothing.
   */
  abstract lookup(
    points: readonly { lat: number; lon: number }[],
  ): Promise<{ point: RoundedPoint; place: CachedPlace | null }[]>;
  /** Queues lookups of these places (once each, however many lists ask). */
  abstract queue(points: readonly RoundedPoint[]): Promise<void>;
  /**
   * The oldest queued place no other loop is asking for, claimed for a minute, when one request
   * per `intervalMs` across every process allows one now. It stays queued (pending) until saved.
   */
  abstract claim(intervalMs: number): Promise<Claim>;
  /** The answer of a lookup, which takes the place off the queue: `label` null when none; due again after `refreshInMs`. */
  abstract save(point: RoundedPoint, label: string | null, refreshInMs: number, answered: boolean): Promise<void>;
}
