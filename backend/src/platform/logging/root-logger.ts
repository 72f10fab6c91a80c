import { pino, type Logger } from 'pino';

/** The process's one pino logger (JSON lines on stdout); everything else writes through it. */
export const ROOT_LOGGER = Symbol('root-logger');

export type RootLogger = Logger;

export function createRootLogger(level: string, destination?: pino.DestinationStream): RootLogger {
  return destination ? pino({ level }, destination) : pino({ level });
}
