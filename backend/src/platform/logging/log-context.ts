import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What ties log lines together across processes: the id of the request being answered, or of the
 * request that queued the job being run, and that job's id. Every line written inside
 * `logContext.run()` carries them (the root logger's mixin), so one id found in nginx's log finds
 * the API's request line, the line that queued a job and every line of that job in the worker.
 */
export interface LogContext {
  reqId?: string;
  job?: string;
  /** Jobs this request queued: its request line names them. */
  queued?: string[];
}

export const logContext = new AsyncLocalStorage<LogContext>();

/** The fields a log line gets from its context (none outside a request or a job). */
export function logContextFields(): Record<string, unknown> {
  const ctx = logContext.getStore();
  if (!ctx) return {};
  const fields: Record<string, unknown> = {};
  if (ctx.reqId) fields.reqId = ctx.reqId;
  if (ctx.job) fields.job = ctx.job;
  return fields;
}

/**
 * A queued job remembers the request that queued it in its payload under this key; the queue
 * adapters take it out again before the handler sees the payload (`takeRequestId`).
 */
const REQUEST_ID_KEY = '_requestId';

/** The payload to store for a job queued now: the current request's id added, the job noted on the request. */
export function stampRequestId(payload: Record<string, unknown>): Record<string, unknown> {
  const reqId = logContext.getStore()?.reqId;
  return reqId ? { ...payload, [REQUEST_ID_KEY]: reqId } : payload;
}

/** Notes on the current request that it queued `jobId` (its request line lists it). */
export function noteQueued(jobId: string): void {
  const ctx = logContext.getStore();
  if (ctx?.reqId && !ctx.job) (ctx.queued ??= []).push(jobId);
}

/** Splits a stored payload into the handler's payload and the id of the request that queued it. */
export function takeRequestId<P>(stored: P): { payload: P; reqId?: string } {
  if (!stored || typeof stored !== 'object' || !(REQUEST_ID_KEY in stored)) return { payload: stored };
  const { [REQUEST_ID_KEY]: reqId, ...payload } = stored as Record<string, unknown>;
  return { payload: payload as P, reqId: typeof reqId === 'string' ? reqId : undefined };
}
