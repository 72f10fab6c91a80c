import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAnalytics, resetAnalytics, track } from './analytics';

afterEach(() => resetAnalytics());

describe('track', () => {
  it('does nothing when no endpoint is configured', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    configureAnalytics('');
    track('vote', { isHot: true });
    expect(beacon).not.toHaveBeenCalled();
  });

  it('holds early events and sends them as JSON beacons once configured', () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    track('page_view', { page: '/' });
    expect(beacon).not.toHaveBeenCalled();
    configureAnalytics('https://collect.example/e');
    track('upload', { type: 'image' });
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls[0]![0]).toBe('https://collect.example/e');
    const blob = beacon.mock.calls[1]![1] as Blob;
    expect(blob.type).toBe('application/json');
  });
});
