/**
 * A look for work that runs every `everyMs` and whenever it is kicked, never twice at once: a
 * kick during a look makes it look once more afterwards, so work queued meanwhile is not left
 * for the next tick. `stop()` ends the timer and waits for the look under way (it would
 * otherwise lose its connection as the pool closes). Kicks before `start()` or after `stop()`
 * do nothing: a process that does not run jobs never looks.
 */
export class PollLoop {
  private timer?: NodeJS.Timeout;
  private looking: Promise<void> | null = null;
  private again = false;
  private started = false;
  private ended = false;

  constructor(
    private readonly look: () => Promise<void>,
    private readonly onError: (err: Error) => void,
  ) {}

  /** True once `stop()` was called: a long look checks it between items. */
  get stopped(): boolean {
    return this.ended;
  }

  start(everyMs: number): void {
    if (this.started || this.ended) return;
    this.started = true;
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (!this.started || this.ended) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.look()
      .catch((err: Error) => {
        if (!this.ended) this.onError(err);
      })
      .finally(() => {
        this.looking = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.ended = true;
    clearInterval(this.timer);
    await this.looking;
  }
}
