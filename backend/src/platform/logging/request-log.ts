import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { logContext, type LogContext } from './log-context.js';
import type { RootLogger } from './root-logger.js';

/** A magic-link token in a URL is a password for one sign-in: it never reaches the logs. */
export const redactUrl = (url: string): string => url.replace(/token=[^&]+/g, 'token=[Redacted]');

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What we accept from nginx (or a proxy before it): short, no spaces or quotes; anything else is replaced. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:@+/=-]{8,128}$/;

/** What the guards leave on a request (the visitor's user, the admin's name) and the id given here. */
export type LoggedRequest = Request & { id?: string; visitor?: { id: number }; admin?: string };

/** Who made the request, once a guard has resolved it: `visitor:<id>` or `admin`. */
export const actorOf = (req: LoggedRequest): string | undefined =>
  req.admin !== undefined ? 'admin' : req.visitor ? `visitor:${req.visitor.id}` : undefined;

/** Outcome of a request as the error filter decided it: the unexpected error, or the dependency that was down. */
export interface RequestFailure {
  err?: unknown;
  outage?: string;
}
const FAILURE = Symbol('request-failure');
type FailedResponse = Response & { [FAILURE]?: RequestFailure };

/** Called once per request that we answer with a 5xx: its request line carries it (the error is logged once, there). */
export function noteFailure(res: Response, failure: RequestFailure): void {
  (res as FailedResponse)[FAILURE] = failure;
}

/** Observes each finished request (the HTTP metrics); one listener serves both the log and this. */
export type RequestObserver = (req: Request, res: Response, seconds: number) => void;

/** Health probes and scrapes run every few seconds: their lines would drown the rest. */
const quiet = (url: string) => url.startsWith('/api/health') || url === '/api/metrics';

/** What decides how much a request line costs: see `requestLog`. */
export interface RequestLogOptions {
  observe?: RequestObserver;
  /**
   * Of the successful, fast answers on the hot path (pick, view, vote, media files), the share
   * written at info (0–1); the rest go at debug. Errors, refusals and slow answers always go at
   * info or above. 1 keeps every line (the default outside production).
   */
  hotPathSample?: number;
  /** An answer slower than this (ms) is always logged. */
  slowMs?: number;
}

/** The requests every visitor makes many times a minute: their successful lines are most of the log. */
const HOT_PATH = /^(?:\/api\/media\/random\/|\/api\/media\/\d+\/view$|\/api\/votes$|\/media\/)/;
export const isHotPath = (url: string): boolean => HOT_PATH.test(url.split('?')[0]!);

/** Express's own `trust proxy` decision for the peer that sent the request (TRUSTED_PROXIES). */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app?.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  return Boolean(trust && req.socket.remoteAddress && trust(req.socket.remoteAddress, 0));
}

/**
 * One line per answered request: request id, method, URL (token redacted), status, time, client
 * address and actor, the jobs it queued; a 5xx carries its error (`err`) or the dependency that
 * was down (`outage`). No headers, so no cookie or credential can reach the logs.
 *
 * The request id comes from nginx (`X-Request-Id`) when the peer is a trusted proxy
 * (TRUSTED_PROXIES), else it is made here — a client's own id is kept beside it as `clientReqId`,
 * never used — and is echoed in the response. The request runs inside a log context, so every
 * line written while answering it, and every job it queues (in whichever process runs it),
 * carries the same id. Deliberately lean otherwise: it runs on every request, and pino-http's
 * per-request machinery was ~15 % of the API's CPU per vote.
 */
export function requestLog(logger: RootLogger, options: RequestLogOptions = {}): RequestHandler {
  const { observe, hotPathSample = 1, slowMs = 1000 } = options;
  const logLines = logger.isLevelEnabled('info');
  const debugLines = logger.isLevelEnabled('debug');
  return (req: LoggedRequest, res, next) => {
    const given = req.headers['x-request-id'];
    const valid = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : undefined;
    const trusted = valid !== undefined && fromTrustedProxy(req);
    const id = trusted ? valid : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const context: LogContext = { reqId: id };
    if (!logLines && !observe) return logContext.run(context, next);
    const started = performance.now();
    // 'close' comes after the answer is sent, or when the client went away before it
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      observe?.(req, res, seconds);
      if (!logLines || quiet(req.originalUrl)) return;
      const routine =
        res.statusCode < 400 &&
        res.writableFinished &&
        seconds * 1000 < slowMs &&
        isHotPath(req.originalUrl) &&
        !(hotPathSample >= 1 || (hotPathSample > 0 && Math.random() < hotPathSample));
      if (routine && !debugLines) return;
      writeLine(logger, req, res, seconds, {
        routine,
        clientReqId: valid !== undefined && !trusted ? valid : undefined,
        jobs: context.queued,
      });
    });
    logContext.run(context, next);
  };
}

interface LineExtras {
  /** A successful hot-path answer not sampled in: written at debug. */
  routine: boolean;
  clientReqId?: string;
  jobs?: string[];
}

function writeLine(logger: RootLogger, req: LoggedRequest, res: Response, seconds: number, extras: LineExtras): void {
  const status = res.statusCode;
  const aborted = !res.writableFinished;
  const failure = (res as FailedResponse)[FAILURE];
  // a 503 is a dependency away or a replica stopping: OutageLog logs the outage once, not per request
  const level =
    status >= 500 && status !== 503 ? 'error' : aborted || status >= 500 ? 'warn' : extras.routine ? 'debug' : 'info';
  logger[level](
    {
      reqId: req.id,
      ...(extras.clientReqId ? { clientReqId: extras.clientReqId } : {}),
      req: { method: req.method, url: redactUrl(req.originalUrl) },
      res: { statusCode: status },
      responseTime: Math.round(seconds * 1000),
      ip: req.ip,
      actor: actorOf(req),
      ...(extras.jobs?.length ? { jobs: extras.jobs } : {}),
      ...(failure?.err !== undefined ? { err: failure.err } : {}),
      ...(failure?.outage ? { outage: failure.outage } : {}),
    },
    aborted ? 'request aborted' : status >= 500 ? 'request failed' : 'request completed',
  );
}

/**
 * When request lines are off (LOG_LEVEL above info), an unexpected error is still written once,
 * by the error filter through this, with the request's id.
 */
export function logFailureAlone(logger: RootLogger, req: LoggedRequest, err: unknown): void {
  if (logger.isLevelEnabled('info')) return; // the request line carries it
  logger.error(
    {
      reqId: req.id,
      req: { method: req.method, url: redactUrl(req.originalUrl) },
      ip: req.ip,
      actor: actorOf(req),
      err,
    },
    'request failed',
  );
}
