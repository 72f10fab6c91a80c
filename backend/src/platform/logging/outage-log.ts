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
