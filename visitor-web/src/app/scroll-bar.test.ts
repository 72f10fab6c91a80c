import { describe, expect, it } from 'vitest';
import { nextBarVisible } from './scroll-bar';

describe('bottom bar visibility', () => {
  it('hides when scrolling down past 100 px', () => {
    expect(nextBarVisible(true, 50, 90)).toBe(true);
    expect(nextBarVisible(true, 90, 101)).toBe(false);
  });
  it('shows again when scrolling up', () => {
    expect(nextBarVisible(false, 500, 480)).toBe(true);
  });
  it('shows within 10 px of the top', () => {
    expect(nextBarVisible(false, 5, 10)).toBe(true);
    expect(nextBarVisible(false, 0, 0)).toBe(true);
  });
  it('keeps its state when the position does not change', () => {
    expect(nextBarVisible(false, 300, 300)).toBe(false);
    expect(nextBarVisible(true, 300, 300)).toBe(true);
  });
});
