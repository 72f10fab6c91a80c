export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'wheel',
  'pointerdown',
] as const;

export interface IdleTimerOptions {
  timeoutMs: number;
  onIdle: () => void;
  /** Activity resets the timer at most once per this many ms (spec: once per second). */
  throttleMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

/** Calls onIdle once after timeoutMs without user activity. Returns a stop function. */
export function startIdleTimer({
  timeoutMs,
  onIdle,
  throttleMs = 1000,
  target = window,
  now = Date.now,
}: IdleTimerOptions): () => void {
  let fired = false;
  let lastReset = now();
  const fire = () => {
    if (fired) return;
    fired = true;
    onIdle();
  };
  let timer = setTimeout(fire, timeoutMs);
  const onActivity = () => {
    if (fired) return;
    const t = now();
    if (t - lastReset < throttleMs) return;
    lastReset = t;
    clearTimeout(timer);
    timer = setTimeout(fire, timeoutMs);
  };
  for (const e of ACTIVITY_EVENTS) target.addEventListener(e, onActivity, { passive: true });
  return () => {
    clearTimeout(timer);
    for (const e of ACTIVITY_EVENTS) target.removeEventListener(e, onActivity);
  };
}
