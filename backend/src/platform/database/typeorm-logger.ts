import { Logger as NestLogger } from '@nestjs/common';
import type { Logger } from 'typeorm';

/** Structured fields for a log line (Nest's logger hands an object message to pino as fields). */
type Line = Record<string, unknown> & { msg: string };

/**
 * TypeORM's own messages as structured lines instead of its console output: each migration as it
 * is applied (name and time), a failed one as an error. A failed query is not logged here: the
 * caller either handles it (a unique violation becomes a 409) or it reaches the request's line.
 */
export class TypeOrmLogger implements Logger {
  private last = performance.now();

  constructor(
    private readonly logger: Pick<NestLogger, 'log' | 'warn' | 'error' | 'debug'> = new NestLogger('Database'),
  ) {}

  logQuery(): void {}

  logQueryError(): void {}

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ msg: 'slow query', ms: time, query: query.slice(0, 500) } satisfies Line);
  }

  logSchemaBuild(message: string): void {
    const applied = /^Migration (\S+) has been (?:\(fake\) )?executed successfully/.exec(message);
    const now = performance.now();
    if (applied) {
      this.logger.log({
        msg: 'migration applied',
        migration: applied[1],
        ms: Math.round(now - this.last),
      } satisfies Line);
    } else {
      this.logger.debug({ msg: message } satisfies Line);
    }
    this.last = now;
  }

  logMigration(message: string): void {
    const failed = /^Migration "([^"]+)" failed, error: (.*)$/s.exec(message);
    this.logger.error(
      failed
        ? ({ msg: 'migration failed', migration: failed[1], error: failed[2] } satisfies Line)
        : ({ msg: message } satisfies Line),
    );
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    // an idle connection dropped by the server: one per pooled connection in an outage, which
    // OutageLog reports once; the pool replaces it by itself
    if (level === 'warn' && !String(message).startsWith('Postgres pool raised an error'))
      this.logger.warn({ msg: String(message) } satisfies Line);
    else this.logger.debug({ msg: String(message) } satisfies Line);
  }

  /** Restarts the clock of the next "migration applied" (before a run). */
  startTiming(): void {
    this.last = performance.now();
  }
}
