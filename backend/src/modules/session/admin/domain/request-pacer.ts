/**
 * Lets callers through one at a time, first come first served, each departing at least
 * `intervalMs` after the previous one actually departed (a late wake-up never squeezes the next
 * gap). A caller who would wait longer than `maxWaitMs` is refused at once.
 */
export class RequestPacer {
  private turn: Promise<void> = Promise.resolve();
  private lastDeparture = Number.NEGATIVE_INFINITY;
  private queued = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: { now(): number; sleep(ms: number): Promise<void> },
  ) {}

  /** Resolves with the departure time when the caller may go; null when the queue is too long to wait in. */
  async wait(): Promise<number | null> {
    if (this.queued * this.intervalMs > this.maxWaitMs) return null;
    this.queued++;
    let departure = 0;
    const mine = this.turn.then(async () => {
      const wait = this.lastDeparture + this.intervalMs - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      departure = this.lastDeparture = this.clock.now();
    });
    this.turn = mine;
    try {
      await mine;
    } finally {
      this.queued--;
    }
    return departure;
  }
}
