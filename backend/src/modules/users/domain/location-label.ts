/** A place as the cache keys it: coordinates rounded to 2 decimals (~1 km), as the database rounds them. */
export interface RoundedPoint {
  lat: string;
  lon: string;
}

/** "City, State, Country" from a Nominatim-style address; null when it names nothing useful. */
export function placeLabel(address: Record<string, unknown> | undefined): string | null {
  if (!address) return null;
  const pick = (...keys: string[]) =>
    keys.map((k) => address[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const parts = [
    pick('city', 'town', 'village', 'hamlet', 'municipality', 'suburb', 'county'),
    pick('state', 'region', 'province', 'state_district'),
    pick('country'),
  ].filter((p): p is string => Boolean(p));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length ? unique.join(', ') : null;
}

/** Place names are stable: a found name is reused for 30 days, a failed lookup retried after 10 minutes. */
export const FOUND_TTL_MS = 30 * 24 * 3600 * 1000;
export const FAILED_TTL_MS = 10 * 60 * 1000;

/** What the cache holds for one place (null: never asked for). */
export interface CachedPlace {
  label: string | null;
  /** due for a (new) lookup from then on; null: never looked up */
  refreshAfter: Date | null;
  /** a lookup is queued */
  queued: boolean;
}

/** What a row of the users list shows: the name known now (even an old one), and whether a lookup is coming. */
export interface PlaceState {
  label: string | null;
  pending: boolean;
}

/** Whether a list showing this place should queue a lookup of it now. */
export function needsLookup(place: CachedPlace | null, now: Date): boolean {
  if (!place) return true;
  if (place.queued) return false;
  return place.refreshAfter === null || place.refreshAfter <= now;
}

export function placeState(place: CachedPlace | null, now: Date): PlaceState {
  return { label: place?.label ?? null, pending: Boolean(place?.queued) || needsLookup(place, now) };
}
