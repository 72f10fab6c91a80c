import { EDGE_PX, FLICK_MIN_PX, FLICK_SPEED, VOTE_MIN_PX, VOTE_SHARE } from '@vibe/contract/swipe';

export type SwipeVote = 'hot' | 'not' | null;

export interface SwipeRelease {
  /** Total movement since the press, px (right and down positive). */
  dx: number;
  dy: number;
  /** Horizontal speed over the last moments before release, px/ms. */
  vx: number;
  /** The card's width, px. */
  width: number;
}

/**
 * What a released drag means: right is Hot, left is Not. It votes when it went far enough, or was
 * flicked fast enough in its own direction; a mostly vertical drag (a scroll), a short slow one,
 * or one flicked back towards the middle springs back (null).
 */
export function swipeVote({ dx, dy, vx, width }: SwipeRelease): SwipeVote {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  const dir = Math.sign(dx);
  if (Math.sign(vx) === -dir && Math.abs(vx) >= FLICK_SPEED) return null;
  const far = Math.abs(dx) >= Math.max(VOTE_MIN_PX, width * VOTE_SHARE);
  const flicked = Math.abs(dx) >= FLICK_MIN_PX && Math.sign(vx) === dir && Math.abs(vx) >= FLICK_SPEED;
  if (!far && !flicked) return null;
  return dir > 0 ? 'hot' : 'not';
}

/** Whether a press at this x may start a card drag (the left edge belongs to the swipe-back). */
export const mayStartSwipe = (clientX: number) => clientX > EDGE_PX;

/** How strongly the Hot/Not hint shows during a drag: 0 at rest, 1 at the voting distance. */
export const hintStrength = (dx: number, width: number) =>
  Math.min(1, Math.abs(dx) / Math.max(VOTE_MIN_PX, width * VOTE_SHARE));
