import { EDGE_PX, SWIPE_BACK_DISTANCE_PX, SWIPE_BACK_MAX_MS } from '@vibe/contract/swipe';

export interface TouchPoint {
  x: number;
  y: number;
  t: number;
}

/** Left-edge swipe-back: starts within 50 px of the left edge, goes over 100 px right, mostly horizontal, under 500 ms. */
export function isSwipeBack(start: TouchPoint, end: TouchPoint): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return (
    start.x <= EDGE_PX &&
    dx > SWIPE_BACK_DISTANCE_PX &&
    Math.abs(dy) < Math.abs(dx) &&
    end.t - start.t < SWIPE_BACK_MAX_MS
  );
}
