/**
 * How sure a hot percentage is: the Wilson score interval at 95 % and a "few votes yet" flag.
 * 3 votes of 3 read "100 %" like 3,000 of 3,000; the interval (44–100 % against 99.9–100 %)
 * says how far the true share could be. The spec's numbers stay; this is shown beside them.
 * The rating screen's results panel, My Stats and the admin portal use this one rule; the server
 * ranks by the same lower bound in SQL (hot_score(), checked against hotScore by its test).
 */

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959964;
/** Under this many votes a percentage is flagged "few votes yet". */
export const FEW_VOTES = 10;

/** The Wilson score interval of `hot` successes out of `total`, as fractions 0–1; null without votes. */
export function wilsonInterval(hot: number, total: number, z = Z95): { low: number; high: number } | null {
  const n = Math.floor(Number(total));
  if (!Number.isFinite(n) || n <= 0) return null;
  const k = Math.min(n, Math.max(0, Math.round(Number(hot) || 0)));
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // rounding noise must not put the bounds outside 0–1 (at p = 0 or 1 one bound is exact)
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** The lower bound of the interval: a score that ranks 90 of 100 above 3 of 3. 0 without votes. */
export function hotScore(hot: number, total: number): number {
  return wilsonInterval(hot, total)?.low ?? 0;
}

export interface HotConfidence {
  /** whole percents, low ≤ the item's percentage ≤ high */
  low: number;
  high: number;
  votes: number;
  /** fewer than FEW_VOTES votes: the percentage says little yet */
  few: boolean;
}

/** The interval in whole percents (low rounded down, high up, so the shown range always holds it); null without votes. */
export function hotConfidence(hot: number, total: number): HotConfidence | null {
  const interval = wilsonInterval(hot, total);
  if (!interval) return null;
  const votes = Math.floor(Number(total));
  return {
    low: Math.floor(interval.low * 100 + 1e-9),
    high: Math.ceil(interval.high * 100 - 1e-9),
    votes,
    few: votes < FEW_VOTES,
  };
}

/**
 * For answers that carry only the rounded percentage (the rating item): the hot count it stands
 * for. Exact up to 100 votes, within a vote or two beyond, where the interval is narrow anyway.
 */
export function hotVotesFromPercentage(hotPercentage: number, total: number): number {
  const n = Math.max(0, Math.floor(Number(total) || 0));
  return Math.min(n, Math.max(0, Math.round(((Number(hotPercentage) || 0) * n) / 100)));
}

/** "Few votes yet · likely 21–94% Hot" / "Likely 52–61% Hot"; null without votes. */
export function confidenceText(c: HotConfidence | null): string | null {
  if (!c) return null;
  const range = c.low === c.high ? `${c.low}%` : `${c.low}–${c.high}%`;
  return c.few ? `Few votes yet · likely ${range} Hot` : `Likely ${range} Hot`;
}
