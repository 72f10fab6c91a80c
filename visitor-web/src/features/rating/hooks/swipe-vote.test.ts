import { describe, expect, it } from 'vitest';
import { hintStrength, mayStartSwipe, swipeVote } from './swipe-vote';

const card = 362; // the phone stage's width

describe('swipe voting rule', () => {
  it('a drag right past the threshold is Hot, left is Not', () => {
    expect(swipeVote({ dx: 120, dy: 10, vx: 0.1, width: card })).toBe('hot');
    expect(swipeVote({ dx: -120, dy: -5, vx: -0.1, width: card })).toBe('not');
  });

  it('the threshold is 30 % of the card, at least 90 px', () => {
    expect(swipeVote({ dx: 108, dy: 0, vx: 0, width: card })).toBe(null); // 30 % of 362 is 108.6
    expect(swipeVote({ dx: 109, dy: 0, vx: 0, width: card })).toBe('hot');
    expect(swipeVote({ dx: 89, dy: 0, vx: 0, width: 200 })).toBe(null);
    expect(swipeVote({ dx: 90, dy: 0, vx: 0, width: 200 })).toBe('hot');
  });

  it('a short slow drag springs back', () => {
    expect(swipeVote({ dx: 60, dy: 0, vx: 0.2, width: card })).toBe(null);
    expect(swipeVote({ dx: -30, dy: 0, vx: -0.3, width: card })).toBe(null);
  });

  it('a quick flick votes from a shorter drag, but not from a twitch', () => {
    expect(swipeVote({ dx: 50, dy: 4, vx: 0.9, width: card })).toBe('hot');
    expect(swipeVote({ dx: -45, dy: 4, vx: -0.6, width: card })).toBe('not');
    expect(swipeVote({ dx: 20, dy: 0, vx: 2, width: card })).toBe(null);
  });

  it('a drag flicked back towards the middle does not vote, however far it went', () => {
    expect(swipeVote({ dx: 200, dy: 0, vx: -0.8, width: card })).toBe(null);
  });

  it('a mostly vertical drag is a scroll, never a vote', () => {
    expect(swipeVote({ dx: 120, dy: 150, vx: 1, width: card })).toBe(null);
    expect(swipeVote({ dx: -100, dy: -100, vx: -1, width: card })).toBe(null);
  });

  it('leaves a press within 50 px of the left edge to the swipe-back', () => {
    expect(mayStartSwipe(50)).toBe(false);
    expect(mayStartSwipe(12)).toBe(false);
    expect(mayStartSwipe(51)).toBe(true);
  });

  it('shows the hint in step with the drag, full at the threshold', () => {
    expect(hintStrength(0, card)).toBe(0);
    expect(hintStrength(54.3, card)).toBeCloseTo(0.5, 2);
    expect(hintStrength(-400, card)).toBe(1);
  });
});
