import { DomainError } from '../domain-error.js';

/**
 * One counter a request spends from: at most `limit` in a window of `windowMs` that starts with
 * the first spend after the last window ended. `message` is what the 429 says when it is spent.
 */
export interface Charge {
  key: string;
  windowMs: number;
  limit: number;
  amount: number;
  message: string;
}

/** What a take spent, and in which windows (each counter's end, ms since the epoch), so a refund gives back exactly that. */
export interface Receipt {
  charges: readonly Charge[];
  windowEnds: readonly number[];
}

export type TakeResult = { ok: true; receipt: Receipt } | { ok: false; refused: Charge; retryAfterMs: number };

/**
 * Per-address and per-session quotas (new sessions, votes, uploads, reports): counters shared by
 * every process — in Redis when REDIS_URL is set, else in the database — that are checked and
 * spent in one atomic step, so 100 requests at once never spend past a limit.
 */
export abstract class Budget {
  /** All or nothing: spends every charge, or none when any of them would pass its limit. */
  abstract take(charges: readonly Charge[]): Promise<TakeResult>;
  /** Gives back what a take spent (its work failed or was a repeat); nothing once its window has ended. */
  abstract refund(receipt: Receipt): Promise<void>;
  /** Milliseconds until `charge` could be spent (0: now), spending nothing. */
  abstract waitMs(charge: Charge): Promise<number>;

  /** Spends the charges or throws a 429 with the refused counter's message and Retry-After. */
  async spend(charges: readonly Charge[]): Promise<Receipt> {
    // a limit of 0 is switched off: nothing to count
    const unique = dedupe(charges.filter((c) => c.amount > 0 && c.limit > 0));
    if (!unique.length) return { charges: [], windowEnds: [] };
    const result = await this.take(unique);
    if (result.ok) return result.receipt;
    throw refusal(result.refused, result.retryAfterMs);
  }

  /**
   * Throws the 429 that spending `charge` would throw now, spending nothing: a page asks this
   * before it starts a download the browser runs itself (and so could not show the refusal).
   */
  async check(charge: Charge): Promise<void> {
    if (charge.amount <= 0 || charge.limit <= 0) return;
    const wait = await this.waitMs(charge);
    if (wait > 0) throw refusal(charge, wait);
  }

  /** Runs `work` on the spent charges and gives them back when it throws. */
  async spendFor<T>(charges: readonly Charge[], work: () => Promise<T>): Promise<T> {
    const receipt = await this.spend(charges);
    try {
      return await work();
    } catch (err) {
      await this.refund(receipt).catch(() => undefined);
      throw err;
    }
  }
}

/** The 429 for a refused counter: its message, when to try again, and Retry-After. */
function refusal(refused: Charge, retryAfterMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new DomainError(
    'rate_limited',
    `${refused.message}; try again ${inAbout(seconds)}`,
    { error: 'quota_exceeded' },
    seconds,
  );
}

/** "in 40 seconds", "in 12 minutes", "in 3 hours": for the visitor, rounded up. */
export function inAbout(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `in ${minutes} minutes`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

/** One charge per key (the first wins): a counter named twice would be checked against itself. */
function dedupe(charges: readonly Charge[]): Charge[] {
  const seen = new Set<string>();
  return charges.filter((c) => (seen.has(c.key) ? false : (seen.add(c.key), true)));
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
