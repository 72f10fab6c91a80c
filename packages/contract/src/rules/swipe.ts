/**
 * The rating card's gesture thresholds (spec §5, §9: swipe to vote, swipe back from the left edge),
 * in CSS pixels and px/ms. The visitor app's gesture code reads them; the e2e specs drag by them.
 */

/** A gesture starting this close to the left edge is the back redirect's, never a vote. */
export const EDGE_PX = 50;
/** A drag this far (px, and this share of the card's width, whichever is more) votes on release. */
export const VOTE_MIN_PX = 90;
export const VOTE_SHARE = 0.3;
/** A quick flick votes from a shorter drag: at least this fast (px/ms) over at least this far. */
export const FLICK_SPEED = 0.5;
export const FLICK_MIN_PX = 40;
/** Movement before a touch counts as a drag of the card (below it: a tap, which opens the overlay). */
export const DRAG_SLOP_PX = 8;
/** The swipe-back: starts within EDGE_PX of the left edge, goes this far right, mostly horizontal, this quick. */
export const SWIPE_BACK_DISTANCE_PX = 100;
export const SWIPE_BACK_MAX_MS = 500;
