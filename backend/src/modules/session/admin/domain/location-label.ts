/** Coordinates rounded to 2 decimals (~1 km): the cache key, what is sent out, and the fallback label. */
export interface RoundedPoint {
  lat: string;
  lon: string;
}

export function roundPoint(lat: number, lon: number): RoundedPoint {
  // +0 turns -0.00 into 0.00
  return { lat: (Math.round(lat * 100) / 100 + 0).toFixed(2), lon: (Math.round(lon * 100) / 100 + 0).toFixed(2) };
}

/** What the Location column shows when no place name is known. */
export const coordinatesLabel = (p: RoundedPoint): string => `${p.lat}, ${p.lon}`;

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
