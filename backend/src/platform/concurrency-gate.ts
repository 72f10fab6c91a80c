/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival order. For work bound
 * by CPU and memory rather than by waiting (image re-encoding): more of it at once finishes no
 * sooner on the cores there are, and only adds memory.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`A gate needs a whole limit ≥ 1 (got ${limit})`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // a finishing task hands its slot straight to the first in line, so `active` never overshoots
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
