import os from 'node:os';
import { pino, type Logger } from 'pino';

/** The process's one pino logger (JSON lines on stdout); everything else writes through it. */
export const ROOT_LOGGER = Symbol('root-logger');

export type RootLogger = Logger;

/** Which process wrote a line: the host name (a container's id under compose) tells the replicas apart. */
export const REPLICA = os.hostname();

export function createRootLogger(level: string, destination?: pino.DestinationStream): RootLogger {
  const options = { level, base: { replica: REPLICA, pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}
