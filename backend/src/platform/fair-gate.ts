import { DomainError } from './domain-error.js';

export interface FairGateLimits {
  /** Tasks running at once (CPU-bound work: about one per spare core). */
  concurrency: number;
  /** Tasks waiting for a slot; past this the gate answers "busy" at once instead of holding the request. */
  maxWaiting: number;
  /** Tasks (running or waiting) one key may hold; past this that key is answered "too many" at once. */
  maxPerKey: number;
}

/** What a refused caller is told: its own work is still queued (429), or everyone's is (503). */
export interface FairGateMessages {
  tooMany: string;
  busy: string;
}

interface Entry {
  keys: readonly string[];
  start: () => void;
}

/**
 * Runs CPU-heavy work fairly between clients. Each task names its keys (a visitor, an address);
 * a key runs at most one task at a time, so one client's flood queues behind itself while anyone
 * else's task takes the next free slot. The queue is bounded: when it is full, or a key already
 * holds `maxPerKey` tasks, the caller hears so at once (503 / 429 with Retry-After) rather than
 * waiting minutes. A task whose caller has gone (its signal aborted) leaves the queue unrun.
 */
export class FairGate {
  private readonly running = new Map<string, number>();
  private readonly held = new Map<string, number>();
  private readonly waiting: Entry[] = [];
  private active = 0;

  constructor(
    private readonly limits: FairGateLimits,
    private readonly messages: FairGateMessages,
  ) {
    for (const [name, v] of Object.entries(limits))
      if (!Number.isInteger(v) || v < 1) throw new Error(`FairGate ${name} must be a whole number ≥ 1 (got ${v})`);
  }

  /** Tasks waiting for a slot now (for metrics and tests). */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(keys: readonly string[], signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    if (keys.some((k) => (this.held.get(k) ?? 0) >= this.limits.maxPerKey)) {
      throw new DomainError('rate_limited', this.messages.tooMany, undefined, 5);
    }
    if (!this.startable(keys) && this.waiting.length >= this.limits.maxWaiting) {
      throw new DomainError('unavailable', this.messages.busy, undefined, 10);
    }
    this.bump(this.held, keys, 1);
    try {
      if (this.startable(keys)) this.claim(keys);
      else await this.queue(keys, signal);
      try {
        signal?.throwIfAborted();
        return await task();
      } finally {
        this.release(keys);
      }
    } finally {
      this.bump(this.held, keys, -1);
    }
  }

  private startable(keys: readonly string[]): boolean {
    return this.active < this.limits.concurrency && keys.every((k) => !this.running.has(k));
  }

  private claim(keys: readonly string[]): void {
    this.active++;
    this.bump(this.running, keys, 1);
  }

  private queue(keys: readonly string[], signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Entry = {
        keys,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Frees the slot and hands it to the first waiting task none of whose keys is running. */
  private release(keys: readonly string[]): void {
    this.active--;
    this.bump(this.running, keys, -1);
    for (let i = 0; i < this.waiting.length && this.active < this.limits.concurrency;) {
      const next = this.waiting[i]!;
      if (!this.startable(next.keys)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.claim(next.keys);
      next.start();
    }
  }

  private bump(counts: Map<string, number>, keys: readonly string[], by: number): void {
    for (const k of keys) {
      const n = (counts.get(k) ?? 0) + by;
      if (n > 0) counts.set(k, n);
      else counts.delete(k);
    }
  }
}
