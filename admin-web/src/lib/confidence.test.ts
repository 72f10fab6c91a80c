import { describe, expect, it } from 'vitest';
import { confidenceText, hotConfidence, hotScore, wilsonInterval } from './confidence';
import adminSource from './confidence.ts?raw';
import visitorSource from '../../../visitor-web/src/lib/confidence.ts?raw';

const body = (source: string) =>
  source
    .replace(/^\/\*\*[\s\S]*?\*\/\n/, '') // the header comment says where each copy lives
    .trim();

describe('the admin copy of the confidence rule', () => {
  it('is the visitor app’s code, line for line', () => {
    expect(body(adminSource)).toBe(body(visitorSource));
    expect(body(adminSource)).toContain('export function wilsonInterval');
  });

  it('gives the Wilson 95 % interval and the few-votes flag', () => {
    const i = wilsonInterval(50, 100)!;
    expect(i.low).toBeCloseTo(0.4038, 3);
    expect(i.high).toBeCloseTo(0.5962, 3);
    expect(hotConfidence(3, 3)).toEqual({ low: 43, high: 100, votes: 3, few: true });
    expect(confidenceText(hotConfidence(50, 100))).toBe('Likely 40–60% Hot');
    expect(hotScore(90, 100)).toBeGreaterThan(hotScore(3, 3));
  });
});
