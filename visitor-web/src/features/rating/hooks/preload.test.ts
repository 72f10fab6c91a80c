import { describe, expect, it } from 'vitest';
import { NEXT_CACHE_MS, prefetchUsable, type Preload } from './preload';

const p = (state: Preload['state'], settledAt: number | null = null): Preload => ({ state, settledAt, elements: [] });

describe('the prefetched next pick', () => {
  it('is usable for 30 s after it was answered, as the spec caches it', () => {
    expect(prefetchUsable(1_000, undefined, 1_000 + NEXT_CACHE_MS - 1)).toBe(true);
    expect(prefetchUsable(1_000, undefined, 1_000 + NEXT_CACHE_MS)).toBe(false);
  });

  it('is kept however long its media is still loading: the bytes on their way are not thrown away', () => {
    expect(prefetchUsable(0, p('loading'), 10 * 60_000)).toBe(true);
  });

  it('counts its 30 s from when its media finished loading when that was later', () => {
    expect(prefetchUsable(0, p('loaded', 50_000), 50_000 + NEXT_CACHE_MS - 1)).toBe(true);
    expect(prefetchUsable(0, p('loaded', 50_000), 50_000 + NEXT_CACHE_MS)).toBe(false);
  });

  it('is never used when its media failed to load', () => {
    expect(prefetchUsable(0, p('failed', 10), 20)).toBe(false);
  });
});
