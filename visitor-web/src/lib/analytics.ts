/**
 * Analytics port: `track(event, props)` does nothing unless an endpoint is configured
 * (`analyticsUrl` from /api/site-config). Events raised before the config is known are held
 * briefly and flushed or dropped once it arrives. Delivery is a JSON sendBeacon.
 */
export type AnalyticsEvent = 'page_view' | 'navigation' | 'vote' | 'upload' | 'profile_update' | 'magic_link';

interface Payload {
  event: AnalyticsEvent;
  props: Record<string, unknown>;
  path: string;
  ts: string;
}

let endpoint: string | null | undefined;
let pending: Payload[] = [];

function send(url: string, payload: Payload): void {
  const json = JSON.stringify(payload);
  try {
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, new Blob([json], { type: 'application/json' })))
      return;
  } catch {
    /* fall through to fetch */
  }
  fetch(url, { method: 'POST', body: json, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(
    () => {},
  );
}

export function configureAnalytics(url: string | null | undefined): void {
  endpoint = url ? url : null;
  const queued = pending;
  pending = [];
  if (endpoint) for (const p of queued) send(endpoint, p);
}

export function track(event: AnalyticsEvent, props: Record<string, unknown> = {}): void {
  const payload: Payload = {
    event,
    props,
    path: typeof location === 'undefined' ? '' : location.pathname,
    ts: new Date().toISOString(),
  };
  if (endpoint === undefined) {
    if (pending.length < 50) pending.push(payload);
    return;
  }
  if (endpoint) send(endpoint, payload);
}

/** For tests. */
export function resetAnalytics(): void {
  endpoint = undefined;
  pending = [];
}
