import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { isDiskFull, unavailableDependency } from '../dependency-errors.js';
import { DomainError, type DomainErrorCode } from '../domain-error.js';
import type { OutageLog } from '../logging/outage-log.js';
import { type LoggedRequest, logFailureAlone, noteFailure } from '../logging/request-log.js';
import type { RootLogger } from '../logging/root-logger.js';

const statusOf: Record<DomainErrorCode, number> = {
  bad_request: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  range_not_satisfiable: HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

/** Seconds a client is told to wait after a 503 (a restart or a short outage is usually over by then). */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment, try again shortly';
export const DISK_FULL_MESSAGE = "The server's disk is full, so nothing was saved. Please try again later.";

const codeOfStatus = (status: number): string =>
  (Object.entries(statusOf).find(([, s]) => s === status)?.[0] ?? HttpStatus[status] ?? 'error').toLowerCase();

interface Described {
  status: number;
  error: string;
  message: string;
  extra?: Record<string, unknown>;
}

/**
 * One shape for every error: { statusCode, error, message }. Unknown errors never leak internals;
 * a dependency that is down answers 503 with Retry-After. The error itself is logged once, on the
 * request's line (`err`), and an outage once when it starts (OutageLog).
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(
    private readonly outages: OutageLog,
    private readonly logger: RootLogger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<LoggedRequest>();
    const { status, error, message, extra } = this.describe(exception, req, res);
    if (status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (res.headersSent) {
      res.end();
      return;
    }
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    res.status(status).json({ statusCode: status, error, message, ...extra });
  }

  private describe(exception: unknown, req: LoggedRequest, res: Response): Described {
    if (exception instanceof DomainError) {
      const { error, ...extra } = exception.details ?? {};
      return { status: statusOf[exception.code], error: error ?? exception.code, message: exception.message, extra };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      let message = exception.message;
      if (typeof body === 'object' && body && 'message' in body) {
        const m = (body as { message: unknown }).message;
        message = Array.isArray(m) ? m.join('; ') : String(m);
      }
      if (status >= 500 && status !== 503) this.unexpected(exception, req, res);
      return { status, error: codeOfStatus(status), message };
    }
    // body-parser errors (oversize or malformed JSON) carry their own 4xx status
    const e = exception as { status?: number; type?: string; message?: string };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      const message =
        e.type === 'entity.too.large'
          ? 'Request body is too large'
          : e.type === 'entity.parse.failed'
            ? 'Request body is not valid JSON'
            : (e.message ?? 'Bad request');
      return { status: e.status, error: codeOfStatus(e.status), message };
    }
    if (isDiskFull(exception)) {
      // an operator's problem, logged with the request; the client learns why, not the internals
      noteFailure(res, { err: exception });
      return { status: HttpStatus.INSUFFICIENT_STORAGE, error: 'insufficient_storage', message: DISK_FULL_MESSAGE };
    }
    const dependency = unavailableDependency(exception);
    if (dependency) {
      this.outages.failed(dependency, exception);
      noteFailure(res, { outage: dependency });
      return { status: 503, error: 'unavailable', message: UNAVAILABLE_MESSAGE };
    }
    this.unexpected(exception, req, res);
    return { status: 500, error: 'internal_error', message: 'Something went wrong on our side' };
  }

  private unexpected(exception: unknown, req: LoggedRequest, res: Response): void {
    noteFailure(res, { err: exception });
    logFailureAlone(this.logger, req, exception);
  }
}
