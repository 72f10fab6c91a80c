import { Injectable } from '@nestjs/common';
import { needsLookup, type PlaceState, placeState } from './domain/location-label.js';
import { GeocodeDrainer } from './geocode-drainer.js';
import { GeocodeCache } from './reverse-geocoder.js';

/**
 * Place names for the admin's users list, never waiting for the geocoder: a list answers with the
 * names the cache holds now and queues the places it lacks (or that are due again) for the
 * background loop; the portal asks again while any row says a name is coming.
 */
@Injectable()
export class GeocodingService {
  constructor(
    private readonly cache: GeocodeCache,
    private readonly drainer: GeocodeDrainer,
  ) {}

  /** One entry per point, in order; null where the user shared no location. */
  async places(points: readonly ({ lat: number; lon: number } | null)[]): Promise<(PlaceState | null)[]> {
    const shared = points.filter((p): p is { lat: number; lon: number } => p !== null);
    const found = await this.cache.lookup(shared);
    const now = new Date();
    const wanted = found.filter((f) => needsLookup(f.place, now)).map((f) => f.point);
    if (wanted.length) {
      await this.cache.queue(wanted);
      this.drainer.kick();
    }
    let i = 0;
    return points.map((p) => (p === null ? null : placeState(found[i++]!.place, now)));
  }
}
