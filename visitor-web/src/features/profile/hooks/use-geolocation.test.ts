import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGeolocation } from './use-geolocation';

/**
 * The browser's geolocation, by hand: it keeps each request until the test answers it, the way a
 * browser keeps it while the permission prompt is open, and records what it was asked.
 */
class FakeGeolocation {
  readonly requests: {
    options: PositionOptions | undefined;
    succeed: (latitude: number, longitude: number) => void;
    fail: (code: number) => void;
  }[] = [];

  getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
    this.requests.push({
      options,
      succeed: (latitude, longitude) => ok({ coords: { latitude, longitude } } as GeolocationPosition),
      fail: (code) => fail?.({ code, message: '' } as GeolocationPositionError),
    });
  }

  get last() {
    const r = this.requests.at(-1);
    if (!r) throw new Error('the hook never asked the browser for a position');
    return r;
  }
}

function browserWith(geolocation: FakeGeolocation | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

afterEach(() => browserWith(undefined));

/** Starts a request the way the Share my location button does; the promise is what the card awaits. */
function share(result: { current: ReturnType<typeof useGeolocation> }) {
  let answer!: Promise<{ latitude: number; longitude: number } | null>;
  act(() => {
    answer = result.current.request();
  });
  return answer;
}

describe('useGeolocation: the Share my location request', () => {
  it('shows nothing before the visitor asks, and does not ask the browser by itself', () => {
    const geo = new FakeGeolocation();
    browserWith(geo);
    const { result } = renderHook(() => useGeolocation());
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(geo.requests).toHaveLength(0);
  });

  it('is busy while the browser asks, then hands the position to the card and shows it', async () => {
    const geo = new FakeGeolocation();
    browserWith(geo);
    const { result } = renderHook(() => useGeolocation());
    const answer = share(result);
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => geo.last.succeed(52.520008, 13.404954));
    await expect(answer).resolves.toEqual({ latitude: 52.520008, longitude: 13.404954 });
    expect(result.current.state).toEqual({ status: 'success', latitude: 52.520008, longitude: 13.404954 });
  });

  it('asks for an accurate fix, gives up after 10 s and takes a position up to 5 minutes old (spec §9)', () => {
    const geo = new FakeGeolocation();
    browserWith(geo);
    const { result } = renderHook(() => useGeolocation());
    void share(result);
    expect(geo.last.options).toMatchObject({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
  });

  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location information unavailable'],
    [3, 'Location request timed out'],
    [0, 'Failed to get location'],
  ])('a browser refusal with code %i shows "%s" and gives the card nothing to save', async (code, text) => {
    const geo = new FakeGeolocation();
    browserWith(geo);
    const { result } = renderHook(() => useGeolocation());
    const answer = share(result);
    await act(async () => geo.last.fail(code));
    await expect(answer).resolves.toBeNull();
    expect(result.current.state).toEqual({ status: 'error', message: text });
  });

  it('can be asked again after a refusal, and the new answer replaces the error', async () => {
    const geo = new FakeGeolocation();
    browserWith(geo);
    const { result } = renderHook(() => useGeolocation());
    const first = share(result);
    await act(async () => geo.last.fail(1));
    await expect(first).resolves.toBeNull();
    const second = share(result);
    expect(result.current.state).toEqual({ status: 'loading' });
    expect(geo.requests).toHaveLength(2);
    await act(async () => geo.last.succeed(48.8566, 2.3522));
    await expect(second).resolves.toEqual({ latitude: 48.8566, longitude: 2.3522 });
    expect(result.current.state).toEqual({ status: 'success', latitude: 48.8566, longitude: 2.3522 });
  });

  it('in a browser without geolocation says so at once and gives the card nothing to save', async () => {
    browserWith(undefined);
    const { result } = renderHook(() => useGeolocation());
    const answer = share(result);
    await expect(answer).resolves.toBeNull();
    expect(result.current.state).toEqual({
      status: 'error',
      message: 'Geolocation is not supported by this browser',
    });
  });
});
