import { describe, expect, it } from 'vitest';
import {
  confidenceText,
  FEW_VOTES,
  hotConfidence,
  hotScore,
  hotVotesFromPercentage,
  wilsonInterval,
} from '@vibe/contract/confidence';

describe('wilsonInterval (95 %)', () => {
  // reference values: Wilson (1927) score interval, z = 1.96, as statsmodels' proportion_confint(method="wilson")
  it.each([
    [3, 3, 0.4385, 1],
    [0, 10, 0, 0.2775],
    [8, 10, 0.4902, 0.9433],
    [50, 100, 0.4038, 0.5962],
    [1, 1, 0.2065, 1],
    [2990, 3000, 0.9939, 0.9982],
  ])('%i hot of %i → %f–%f', (hot, total, low, high) => {
    const i = wilsonInterval(hot, total)!;
    expect(i.low).toBeCloseTo(low, 3);
    expect(i.high).toBeCloseTo(high, 3);
  });

  it('has no interval without votes, and never leaves 0–1', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(5, -1)).toBeNull();
    expect(wilsonInterval(Number.NaN, Number.NaN)).toBeNull();
    for (const [hot, total] of [
      [0, 1],
      [1, 1],
      [0, 1_000_000],
      [1_000_000, 1_000_000],
      [7, 3], // more hot than votes is clamped, not trusted
    ]) {
      const i = wilsonInterval(hot!, total!)!;
      expect(i.low).toBeGreaterThanOrEqual(0);
      expect(i.high).toBeLessThanOrEqual(1);
      expect(i.low).toBeLessThanOrEqual(i.high);
    }
  });

  it('narrows as votes grow at the same share', () => {
    const widths = [4, 40, 400, 4000].map((n) => {
      const i = wilsonInterval(n * 0.75, n)!;
      return i.high - i.low;
    });
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(widths[3]).toBeLessThan(0.03);
  });
});

describe('hotScore', () => {
  it('ranks many votes at a lower share above a handful at 100 %', () => {
    expect(hotScore(90, 100)).toBeGreaterThan(hotScore(3, 3));
    expect(hotScore(3, 3)).toBeGreaterThan(hotScore(1, 1));
    expect(hotScore(0, 0)).toBe(0);
  });
});

describe('hotConfidence', () => {
  it('rounds outwards to whole percents and flags few votes', () => {
    expect(hotConfidence(3, 3)).toEqual({ low: 43, high: 100, votes: 3, few: true });
    expect(hotConfidence(50, 100)).toEqual({ low: 40, high: 60, votes: 100, few: false });
    expect(hotConfidence(0, 0)).toBeNull();
  });

  it(`says "few votes" below ${FEW_VOTES} votes only`, () => {
    expect(hotConfidence(5, FEW_VOTES - 1)!.few).toBe(true);
    expect(hotConfidence(5, FEW_VOTES)!.few).toBe(false);
  });

  it('always holds the rounded percentage the spec shows', () => {
    for (let n = 1; n <= 60; n++) {
      for (let k = 0; k <= n; k++) {
        const c = hotConfidence(k, n)!;
        const shown = Math.round((k * 100) / n);
        expect(c.low).toBeLessThanOrEqual(shown);
        expect(c.high).toBeGreaterThanOrEqual(shown);
      }
    }
  });
});

describe('confidenceText', () => {
  it('reads as a hint beside the percentage', () => {
    expect(confidenceText(hotConfidence(3, 3))).toBe('Few votes yet · likely 43–100% Hot');
    expect(confidenceText(hotConfidence(50, 100))).toBe('Likely 40–60% Hot');
    expect(confidenceText(hotConfidence(0, 0))).toBeNull();
  });
});

describe('hotVotesFromPercentage', () => {
  it('recovers the hot count from a rounded percentage', () => {
    for (let n = 1; n <= 100; n++) {
      for (let k = 0; k <= n; k++) expect(hotVotesFromPercentage(Math.round((k * 100) / n), n)).toBe(k);
    }
    expect(hotVotesFromPercentage(50, 0)).toBe(0);
    expect(hotVotesFromPercentage(150, 10)).toBe(10);
  });
});
