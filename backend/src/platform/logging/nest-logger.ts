import type { LoggerService } from '@nestjs/common';
import type { Level } from 'pino';
import type { RootLogger } from './root-logger.js';

/**
 * Nest's own logging (bootstrap, `new Logger(ctx)` in our code) as pino lines: the last extra
 * argument is the context, an Error (or Nest's "message, stack" pair) becomes `err`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: RootLogger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    if (rest.length > 0) fields.context = rest.at(-1);
    const params = rest.slice(0, -1);
    if (message instanceof Error) {
      fields.err = message;
      this.pino[level](fields, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ ...fields, ...message });
    } else if (typeof params[0] === 'string' && /\n\s*at /.test(params[0])) {
      // Nest's exception handlers call error(message, stack, context)
      this.pino[level]({ ...fields, err: { message: String(message), stack: params[0] } }, String(message));
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
