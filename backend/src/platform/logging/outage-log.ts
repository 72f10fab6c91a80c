import { type Dependency, unavailableDependency } from '../dependency-errors.js';
import type { RootLogger } from './root-logger.js';

const PROBE_EVERY_MS = 1_000;

/**
 * One line when a dependency goes down and one when it is back, however many requests or polls
 * fail in between (a 10 s database outage used to write a stack trace per request). While a
 * dependency is down its probe (registered by the module that owns the connection) runs every
 * second; the first answer logs the recovery.
 */
export class OutageLog {
  private readonly probes = new Map<Dependency, () => Promise<unknown>>();
  private readonly down = new Map<Dependency, { since: number; timer?: NodeJS.Timeout; probing: boolean }>();

  constructor(private readonly logger: RootLogger) {}

  /** How to tell that `dependency` answers again (a cheap round trip). */
  probe(dependency: Dependency, check: () => Promise<unknown>): void {
    this.probes.set(dependency, check);
  }

  isDown(dependency: Dependency): boolean {
    return this.down.has(dependency);
  }

  /**
   * Asks `dependency` itself, now, with its registered probe (within `timeoutMs`), and logs the
   * transition if the answer differs from what was known: health and metrics report what each
   * dependency answers, not what the last request happened to touch (a Redis that went away
   * while every request already failed at the database was still "up"). Without a probe (mail:
   * only sending tells), what the last attempt said.
   */
  async check(dependency: Dependency, timeoutMs = 1_000): Promise<{ up: boolean; error?: string }> {
    const probe = this.probes.get(dependency);
    if (!probe) return { up: !this.isDown(dependency) };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      this.recovered(dependency);
      return { up: true };
    } catch (err) {
      this.failed(dependency, err);
      return { up: false, error: (err as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether a probe is registered for `dependency` in this process. */
  hasProbe(dependency: Dependency): boolean {
    return this.probes.has(dependency);
  }

  /** A failure that says `dependency` is away: logged only if it was up until now. */
  failed(dependency: Dependency, err: unknown): void {
    if (this.down.has(dependency)) return;
    const state: { since: number; timer?: NodeJS.Timeout; probing: boolean } = { since: Date.now(), probing: false };
    this.down.set(dependency, state);
    this.logger.error({ dependency, outage: 'started', err }, `${dependency} is unavailable`);
    const check = this.probes.get(dependency);
    if (!check) return;
    state.timer = setInterval(() => {
      if (state.probing) return;
      state.probing = true;
      check().then(
        () => this.recovered(dependency),
        () => (state.probing = false),
      );
    }, PROBE_EVERY_MS);
    state.timer.unref();
  }

  /**
   * For background loops (job polls, the mail sender): a failure that says a dependency is down
   * goes to the outage (logged once); anything else is `otherwise`'s to log.
   */
  report(err: unknown, otherwise: () => void): void {
    const dependency = unavailableDependency(err);
    if (dependency) this.failed(dependency, err);
    else otherwise();
  }

  /** `dependency` answered: logged only if it was down. */
  recovered(dependency: Dependency): void {
    const state = this.down.get(dependency);
    if (!state) return;
    clearInterval(state.timer);
    this.down.delete(dependency);
    const seconds = Math.round((Date.now() - state.since) / 100) / 10;
    this.logger.info({ dependency, outage: 'ended', downSeconds: seconds }, `${dependency} is available again`);
  }

  stop(): void {
    for (const state of this.down.values()) clearInterval(state.timer);
  }
}
