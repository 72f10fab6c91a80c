import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEO_OPTIONS, UNSUPPORTED_MESSAGE, geolocationErrorMessage, useGeolocation } from './use-geolocation';

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

describe('geolocation', () => {
  it('maps error codes to the spec texts', () => {
    expect(geolocationErrorMessage(1)).toBe('Location access denied by user');
    expect(geolocationErrorMessage(2)).toBe('Location information unavailable');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out');
    expect(geolocationErrorMessage(99)).toBe('Failed to get location');
  });

  it('asks for high accuracy, 10 s time-out and accepts a 5 minute old position', () => {
    expect(GEO_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
  });

  it('reports unsupported browsers', async () => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    const { result } = renderHook(() => useGeolocation());
    await act(async () => {
      await result.current.request();
    });
    expect(result.current.state).toEqual({ status: 'error', message: UNSUPPORTED_MESSAGE });
  });

  it('goes idle → loading → success', async () => {
    let succeed: (p: GeolocationPosition) => void = () => {};
    const getCurrentPosition = vi.fn(
      (ok: (p: GeolocationPosition) => void, _fail?: unknown, _options?: PositionOptions) => {
        succeed = ok;
      },
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { result } = renderHook(() => useGeolocation());
    expect(result.current.state.status).toBe('idle');
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.request();
    });
    expect(result.current.state.status).toBe('loading');
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual(GEO_OPTIONS);
    await act(async () => {
      succeed({ coords: { latitude: 52.52, longitude: 13.405 } } as GeolocationPosition);
      await pending;
    });
    expect(result.current.state).toEqual({ status: 'success', latitude: 52.52, longitude: 13.405 });
  });

  it('goes to error with the denied text', async () => {
    const getCurrentPosition = vi.fn((_ok: unknown, fail: (e: { code: number }) => void) => fail({ code: 1 }));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { result } = renderHook(() => useGeolocation());
    await act(async () => {
      await result.current.request();
    });
    expect(result.current.state).toEqual({ status: 'error', message: 'Location access denied by user' });
  });
});
