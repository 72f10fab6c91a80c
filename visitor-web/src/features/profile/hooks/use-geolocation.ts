import { useCallback, useState } from 'react';

export type GeoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; latitude: number; longitude: number }
  | { status: 'error'; message: string };

/** High accuracy, 10 s time-out, a cached position up to 5 minutes old is fine (spec §9). */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60 * 1000 };

export const UNSUPPORTED_MESSAGE = 'Geolocation is not supported by this browser';

export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return 'Location access denied by user';
    case 2:
      return 'Location information unavailable';
    case 3:
      return 'Location request timed out';
    default:
      return 'Failed to get location';
  }
}

export function useGeolocation() {
  const [state, setState] = useState<GeoState>({ status: 'idle' });
  const request = useCallback(
    () =>
      new Promise<{ latitude: number; longitude: number } | null>((resolve) => {
        if (typeof navigator === 'undefined' || !navigator.geolocation) {
          setState({ status: 'error', message: UNSUPPORTED_MESSAGE });
          resolve(null);
          return;
        }
        setState({ status: 'loading' });
        navigator.geolocation.getCurrentPosition(
          (pos) => {
            const coords = { latitude: pos.coords.latitude, longitude: pos.coords.longitude };
            setState({ status: 'success', ...coords });
            resolve(coords);
          },
          (err) => {
            setState({ status: 'error', message: geolocationErrorMessage(err?.code) });
            resolve(null);
          },
          GEO_OPTIONS,
        );
      }),
    [],
  );
  return { state, request, setState };
}
