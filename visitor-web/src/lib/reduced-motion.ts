import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

/** The visitor asked their system for less motion: no autoplay, no fling. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = media();
      m?.addEventListener('change', cb);
      return () => m?.removeEventListener('change', cb);
    },
    () => media()?.matches ?? false,
  );
}
