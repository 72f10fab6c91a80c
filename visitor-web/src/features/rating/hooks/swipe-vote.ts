/** The spec's swipe-back (§5, §9): a gesture starting this close to the left edge is the back redirect's, never a vote. */
export const EDGE_PX = 50;
/** A drag this far (px, and this share of the card's width, whichever is more) votes on release. */
export const VOTE_MIN_PX = 90;
export const VOTE_SHARE = 0.3;
/** A quick flick votes from a shorter drag: at least this fast (px/ms) over at least this far. */
export const FLICK_SPEED = 0.5;
export const FLICK_MIN_PX = 40;
/** Movement before a touch counts as a drag of the card (below it: a tap, which opens the overlay). */
export const DRAG_SLOP_PX = 8;

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
