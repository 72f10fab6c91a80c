import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Registers the app-shell worker (production builds only; it never caches API answers or media,
 * see sw/service-worker.js) once the page has loaded, so its precache never competes with the
 * first item. A newer version waits until the visitor takes the reload prompt.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js').then(
      (reg) => {
        const offer = (worker: ServiceWorker | null) => {
          // the first install has no controller to replace: nothing to offer
          if (worker && navigator.serviceWorker.controller) {
            waiting = worker;
            emit();
          }
        };
        offer(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed') offer(worker);
          });
        });
      },
      () => undefined, // no worker (private mode, blocked): the app works as before, online only
    );
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (waiting && !reloading) {
        reloading = true;
        window.location.reload();
      }
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The new version takes over; the page reloads when it does (controllerchange above). */
export function applyUpdate(): void {
  waiting?.postMessage({ type: 'SKIP_WAITING' });
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}
