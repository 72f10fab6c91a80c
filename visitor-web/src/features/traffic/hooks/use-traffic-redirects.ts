import { useEffect } from 'react';
import { startIdleTimer } from './idle-timer';
import { isSwipeBack, type TouchPoint } from './swipe';
import { isAdminPath, navigateAway, usableUrl } from './redirect';
import type { PublicTrafficConfig } from '../../../api/types';

const GUARD = 'hmvBackGuard';
const BASE = 'hmvBackBase';

/**
 * A popstate that lands on the entry the guard was pushed in front of: a real history Back.
 * Fragment jumps (#main) and other entries carry no mark and never count.
 */
export function isBackToBase(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[BASE] === true;
}
const GESTURES = ['click', 'keydown', 'touchend', 'pointerup'] as const;

/** Idle redirect: after idleRedirectTime seconds without activity, go to the configured URL. */
export function useIdleRedirect(config: PublicTrafficConfig | undefined, pathname: string): void {
  const url = config?.enabled ? usableUrl(config.idleRedirectUrl) : null;
  const seconds = Number(config?.idleRedirectTime) > 0 ? Number(config?.idleRedirectTime) : 300;
  const off = isAdminPath(pathname);
  useEffect(() => {
    if (!url || off) return;
    return startIdleTimer({ timeoutMs: seconds * 1000, onIdle: () => navigateAway(url) });
  }, [url, seconds, off]);
}

/**
 * Back-button redirect: the landing entry is marked and a guard entry pushed in front of it;
 * going back to the marked entry (browser Back) or a left-edge swipe goes to the configured URL.
 */
export function useBackButtonRedirect(config: PublicTrafficConfig | undefined, pathname: string): void {
  const url = usableUrl(config?.backButtonUrl);
  const off = isAdminPath(pathname);
  useEffect(() => {
    if (!url || off) return;
    // Chrome skips history entries added without a user gesture, so push on the first one.
    const pushGuard = () => {
      const state = (window.history.state ?? {}) as Record<string, unknown>;
      if (!state[GUARD]) {
        window.history.replaceState({ ...state, [BASE]: true }, '', window.location.href);
        window.history.pushState({ ...state, [GUARD]: true }, '', window.location.href);
      }
      for (const e of GESTURES) window.removeEventListener(e, pushGuard, true);
    };
    const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
    if (activation?.hasBeenActive) pushGuard();
    else for (const e of GESTURES) window.addEventListener(e, pushGuard, true);

    const onPop = (e: PopStateEvent) => {
      if (isBackToBase(e.state)) navigateAway(url);
    };
    let start: TouchPoint | null = null;
    const onTouchStart = (e: TouchEvent) => {
      const t = e.touches[0];
      start = t && e.touches.length === 1 ? { x: t.clientX, y: t.clientY, t: Date.now() } : null;
    };
    const onTouchEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (start && t && isSwipeBack(start, { x: t.clientX, y: t.clientY, t: Date.now() })) navigateAway(url);
      start = null;
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('touchstart', onTouchStart, { passive: true });
    window.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchend', onTouchEnd);
      for (const e of GESTURES) window.removeEventListener(e, pushGuard, true);
    };
  }, [url, off]);
}
