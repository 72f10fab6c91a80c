import os from 'node:os';
import { pino, type Logger } from 'pino';
import { logContextFields } from './log-context.js';
import { redactTokens } from './redact-tokens.js';

/** The process's one pino logger (JSON lines on stdout); everything else writes through it. */
export const ROOT_LOGGER = Symbol('root-logger');

export type RootLogger = Logger;

/** Which process wrote a line: the host name (a container's id under compose) tells the replicas apart. */
export const REPLICA = os.hostname();

export function createRootLogger(level: string, destination?: pino.DestinationStream): RootLogger {
  const options = {
    level,
    base: { replica: REPLICA, pid: process.pid },
    // every line inside a request or a job carries its request id and job id (log-context.ts)
    mixin: logContextFields,
    // the last step of every line, whoever wrote it: no magic-link token reaches the logs (issue 27)
    hooks: { streamWrite: redactTokens },
  };
  return destination ? pino(options, destination) : pino(options);
}
