import { useCallback, useRef, type PointerEvent, type MouseEvent } from 'react';
import { DRAG_SLOP_PX } from '@vibe/contract/swipe';
import { hintStrength, mayStartSwipe, swipeVote } from './swipe-vote';

const FLING_MS = 180;

interface Drag {
  id: number;
  x: number;
  y: number;
  dragging: boolean;
  /** Recent positions for the release speed. */
  trail: { x: number; t: number }[];
}

/** Moves the card and its Hot/Not stamp (CSS variables: no React render per pointer move). */
function place(el: HTMLElement, dx: number, phase: string) {
  const strength = hintStrength(dx, el.offsetWidth);
  el.style.setProperty('--swipe-x', `${dx}px`);
  el.style.setProperty('--swipe-turn', `${(dx / el.offsetWidth) * 8}deg`);
  // the stamps sit beside the card (outside its button, whose name they are not part of)
  const stage = el.parentElement ?? el;
  stage.style.setProperty('--swipe-hot', dx > 0 ? String(strength) : '0');
  stage.style.setProperty('--swipe-not', dx < 0 ? String(strength) : '0');
  el.dataset.swipe = phase;
}

/** Back to the middle: a spring, or at once under reduced motion. */
function settle(el: HTMLElement, reducedMotion: boolean, after?: () => void) {
  if (reducedMotion) {
    place(el, 0, 'rest');
    after?.();
    return;
  }
  place(el, 0, 'spring');
  window.setTimeout(() => {
    if (el.dataset.swipe === 'spring') el.dataset.swipe = 'rest';
    after?.();
  }, 260);
}

/**
 * Swipe voting with pointer events. No gesture library: @use-gesture/react's useDrag alone is
 * 6.9 KB gzipped (measured with esbuild), this hook about 1 KB, and the visitor bundle was at
 * 140.6 of its 150 KB. The card follows a horizontal drag, the Hot/Not hint fades in, and on release the rule
 * in swipe-vote.ts votes (through `onVote`, the buttons' path) or springs back. `touch-action:
 * pan-y` on the card leaves vertical scrolling to the browser, which then cancels the drag; a press
 * at the left edge is left to the swipe-back; the click that ends a drag does not open the overlay.
 * The card is moved through CSS variables on its element, not React state, so a drag re-renders nothing.
 */
export function useSwipeVote({
  canVote,
  onVote,
  reducedMotion,
}: {
  canVote: boolean;
  onVote: (isHot: boolean) => void;
  reducedMotion: boolean;
}) {
  const drag = useRef<Drag | null>(null);
  const justDragged = useRef(false);

  const onPointerDown = useCallback((e: PointerEvent<HTMLElement>) => {
    if (!e.isPrimary || e.button !== 0 || !mayStartSwipe(e.clientX)) return;
    drag.current = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      dragging: false,
      trail: [{ x: e.clientX, t: e.timeStamp }],
    };
  }, []);

  const onPointerMove = useCallback((e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.dragging) {
      if (Math.abs(dy) > DRAG_SLOP_PX && Math.abs(dy) >= Math.abs(dx)) {
        drag.current = null; // a scroll
        return;
      }
      if (Math.abs(dx) <= DRAG_SLOP_PX) return;
      d.dragging = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    d.trail = [...d.trail.filter((p) => e.timeStamp - p.t < 100), { x: e.clientX, t: e.timeStamp }];
    place(e.currentTarget, dx, 'drag');
  }, []);

  const release = useCallback(
    (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      drag.current = null;
      if (!d.dragging) return;
      justDragged.current = true;
      const el = e.currentTarget;
      const first = d.trail[0]!;
      const dt = e.timeStamp - first.t;
      const vote = cancelled
        ? null
        : swipeVote({
            dx: e.clientX - d.x,
            dy: e.clientY - d.y,
            vx: dt > 0 ? (e.clientX - first.x) / dt : 0,
            width: el.offsetWidth,
          });
      if (!vote || !canVote) return settle(el, reducedMotion);
      if (reducedMotion) return settle(el, true, () => onVote(vote === 'hot'));
      // the card flies out on its side, then the next item takes its place
      place(el, (vote === 'hot' ? 1 : -1) * el.offsetWidth * 1.2, 'fling');
      window.setTimeout(() => {
        place(el, 0, 'rest');
        onVote(vote === 'hot');
      }, FLING_MS);
    },
    [canVote, onVote, reducedMotion],
  );

  const onPointerUp = useCallback((e: PointerEvent<HTMLElement>) => release(e, false), [release]);
  const onPointerCancel = useCallback((e: PointerEvent<HTMLElement>) => release(e, true), [release]);
  /** The click a drag ends with is not a tap: it must not open the overlay. */
  const onClickCapture = useCallback((e: MouseEvent<HTMLElement>) => {
    if (!justDragged.current) return;
    justDragged.current = false;
    e.preventDefault();
    e.stopPropagation();
  }, []);
  const onPointerDownCapture = useCallback(() => {
    justDragged.current = false;
  }, []);

  return { onPointerDown, onPointerDownCapture, onPointerMove, onPointerUp, onPointerCancel, onClickCapture };
}
