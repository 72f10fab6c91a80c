import { needsLookup, placeLabel, placeState } from './location-label.js';

describe('place names', () => {
  it('labels City, State, Country, skipping missing and repeated parts', () => {
    expect(placeLabel({ city: 'London', state: 'England', country: 'United Kingdom' })).toBe(
      'London, England, United Kingdom',
    );
    expect(placeLabel({ village: 'Grasmere', country: 'United Kingdom' })).toBe('Grasmere, United Kingdom');
    expect(placeLabel({ city: 'Berlin', state: 'Berlin', country: 'Germany' })).toBe('Berlin, Germany');
    expect(placeLabel({})).toBeNull();
    expect(placeLabel(undefined)).toBeNull();
  });

  const now = new Date('2026-01-10T12:00:00Z');
  const later = new Date('2026-01-11T00:00:00Z');
  const earlier = new Date('2026-01-09T00:00:00Z');

  it('queues a place never looked up, or one due again, but not one already queued', () => {
    expect(needsLookup(null, now)).toBe(true);
    expect(needsLookup({ label: null, refreshAfter: null, queued: false }, now)).toBe(true);
    expect(needsLookup({ label: 'Paris, France', refreshAfter: earlier, queued: false }, now)).toBe(true);
    expect(needsLookup({ label: 'Paris, France', refreshAfter: later, queued: false }, now)).toBe(false);
    expect(needsLookup({ label: null, refreshAfter: earlier, queued: true }, now)).toBe(false);
  });

  it('shows the name it has, even one due for a refresh, and says when a lookup is coming', () => {
    expect(placeState({ label: 'Paris, France', refreshAfter: earlier, queued: false }, now)).toEqual({
      label: 'Paris, France',
      pending: true,
    });
    expect(placeState({ label: 'Paris, France', refreshAfter: later, queued: false }, now)).toEqual({
      label: 'Paris, France',
      pending: false,
    });
    // a failed lookup, not due yet: coordinates, nothing coming
    expect(placeState({ label: null, refreshAfter: later, queued: false }, now)).toEqual({
      label: null,
      pending: false,
    });
    expect(placeState(null, now)).toEqual({ label: null, pending: true });
  });
});
