export interface TouchPoint {
  x: number;
  y: number;
  t: number;
}

export const SWIPE_EDGE_PX = 50;
export const SWIPE_DISTANCE_PX = 100;
export const SWIPE_MAX_MS = 500;

/** Left-edge swipe-back: starts within 50 px of the left edge, goes over 100 px right, mostly horizontal, under 500 ms. */
export function isSwipeBack(start: TouchPoint, end: TouchPoint): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return (
    start.x <= SWIPE_EDGE_PX && dx > SWIPE_DISTANCE_PX && Math.abs(dy) < Math.abs(dx) && end.t - start.t < SWIPE_MAX_MS
  );
}
