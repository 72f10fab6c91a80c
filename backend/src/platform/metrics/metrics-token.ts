import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { ROOT_LOGGER, type RootLogger } from '../logging/root-logger.js';

/** Failed tokens one address may send per window before it is answered 429 until the window ends. */
export const TOKEN_FAILURES_PER_WINDOW = 10;
export const TOKEN_WINDOW_MS = 60_000;
/** Addresses remembered at most (a flood from many addresses cannot grow the map without end). */
const MAX_ADDRESSES = 10_000;

const digest = (s: string) => createHash('sha256').update(s).digest();

interface Tally {
  windowStart: number;
  failures: number;
  lastFailure: number;
  /** failures of this burst (windows in a row with failures), logged once at its start */
  burst: number;
}

/**
 * The METRICS_TOKEN check for `/api/metrics`, `METRICS_PORT` and the detailed `/api/health`:
 * compared in constant time; wrong tokens are counted per client address, and past
 * TOKEN_FAILURES_PER_WINDOW in a minute that address is answered 429 (Retry-After: the rest of
 * the window) without its token being looked at. One warning line per burst (failures from an
 * address with no quiet minute in between), however many tokens it tries: a scraper with a stale
 * token does not fill the logs, and a guesser is seen. In memory, per process: each replica
 * limits on its own (the token is long enough that the limit is about noise, not about odds).
 */
@Injectable()
export class MetricsTokenGate {
  private readonly token?: Buffer;
  private readonly tallies = new Map<string, Tally>();

  constructor(
    config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    if (config.metricsToken) this.token = digest(config.metricsToken);
  }

  /** Whether a token is set at all (without one the metrics port is open, /api/metrics off). */
  get enabled(): boolean {
    return this.token !== undefined;
  }

  matches(given: string): boolean {
    return this.token !== undefined && timingSafeEqual(digest(given), this.token);
  }

  /** Seconds until `address` may try again, or 0 when it may try now. */
  retryAfter(address: string, now = Date.now()): number {
    const t = this.tallies.get(address);
    if (!t || t.failures < TOKEN_FAILURES_PER_WINDOW) return 0;
    const left = t.windowStart + TOKEN_WINDOW_MS - now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** A wrong (or missing) token from `address`: counted, and logged if it starts a burst. */
  failed(address: string, where: string, now = Date.now()): void {
    let t = this.tallies.get(address);
    const quiet = !t || now - t.lastFailure > TOKEN_WINDOW_MS;
    if (!t || quiet) {
      if (!t && this.tallies.size >= MAX_ADDRESSES) this.forgetOldest();
      t = { windowStart: now, failures: 0, lastFailure: now, burst: 0 };
      this.tallies.set(address, t);
      this.logger.warn(
        { ip: address, where, limit: `${TOKEN_FAILURES_PER_WINDOW} per minute` },
        `Refused a metrics token from ${address} (${where}); further failures from this address are counted, not logged, until it stays quiet for a minute`,
      );
    } else if (now - t.windowStart >= TOKEN_WINDOW_MS) {
      t.windowStart = now;
      t.failures = 0;
    }
    t.failures++;
    t.burst++;
    t.lastFailure = now;
  }

  /** Failures of the current burst from `address` (for tests and the log). */
  burstOf(address: string): number {
    return this.tallies.get(address)?.burst ?? 0;
  }

  private forgetOldest(): void {
    let oldest: string | undefined;
    let at = Infinity;
    for (const [address, t] of this.tallies) {
      if (t.lastFailure < at) [oldest, at] = [address, t.lastFailure];
    }
    if (oldest !== undefined) this.tallies.delete(oldest);
  }
}
