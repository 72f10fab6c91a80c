import type { INestApplicationContext } from '@nestjs/common';
import type { RootLogger } from './logging/root-logger.js';

/**
 * How the API and the worker stop on SIGTERM/SIGINT (docker stop, `npm start`'s Ctrl-C, a
 * supervisor): one line when the stop begins, app.close() (in-flight requests finish, background
 * work stops stage by stage, connections close), one line once stopped, then exit 0 — so a clean
 * stop and a crash never look alike in the logs. A second signal while stopping (a second or more
 * after the first) exits at once with 128 + the signal's number, as a shell reports a killed process.
 */
export function stopOnSignals(app: INestApplicationContext, logger: RootLogger, processName: 'API' | 'worker'): void {
  let stopping = false;
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // Ctrl-C under `npm start` reaches the server twice: from the terminal and passed on by the wrapper
    if (stopping && performance.now() - firstAt < 1_000) return;
    if (stopping) {
      logger.warn({ signal }, `${processName} stopping at once (second ${signal})`);
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    }
    stopping = true;
    firstAt = performance.now();
    const started = firstAt;
    logger.info({ signal, lifecycle: 'stopping' }, `${processName} stopping (${signal})`);
    app.close().then(
      () => {
        const ms = Math.round(performance.now() - started);
        logger.info({ lifecycle: 'stopped', ms }, `${processName} stopped`);
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ lifecycle: 'stopped', err }, `${processName} stopped with an error`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
