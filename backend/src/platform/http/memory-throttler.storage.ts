import type { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  hits: number;
  /** When this window's count starts again from zero (ms since the epoch). */
  resetsAt: number;
  /** While in the future, every request of this key answers 429. */
  blockedUntil: number;
}

/** Windows that have ended (and are not blocked) are dropped this often, so idle clients cost nothing. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The request throttle's counters in this process (the embedded mode, no REDIS_URL): one counter
 * per key and window, the same algorithm as the Redis script, so both modes count alike.
 * Nest's own in-memory storage keeps a timestamp per hit and filters them on every request,
 * which costs O(limit) per request: under a flood, or with a high limit, it was the API's
 * largest CPU cost (17 % of a vote benchmark's profile). This costs O(1).
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const now = this.now();
    const id = `${throttlerName}:${key}`;
    let w = this.windows.get(id);
    if (!w) {
      w = { hits: 0, resetsAt: now + ttl, blockedUntil: 0 };
      this.windows.set(id, w);
    } else if (w.resetsAt <= now) {
      w.hits = 0;
      w.resetsAt = now + ttl;
    }
    w.hits++;
    if (w.blockedUntil <= now && w.hits > limit) w.blockedUntil = now + (blockDuration || ttl);
    const isBlocked = w.blockedUntil > now;
    return Promise.resolve({
      totalHits: w.hits,
      timeToExpire: Math.ceil((w.resetsAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((w.blockedUntil - now) / 1000) : 0,
    });
  }

  /** How many keys are counted now (for tests and a look at memory). */
  get size(): number {
    return this.windows.size;
  }

  sweep(): void {
    const now = this.now();
    for (const [id, w] of this.windows) if (w.resetsAt <= now && w.blockedUntil <= now) this.windows.delete(id);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
