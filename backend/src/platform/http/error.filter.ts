import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, type DomainErrorCode } from '../domain-error.js';

const statusOf: Record<DomainErrorCode, number> = {
  bad_request: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  range_not_satisfiable: HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

const codeOfStatus = (status: number): string =>
  (Object.entries(statusOf).find(([, s]) => s === status)?.[0] ?? HttpStatus[status] ?? 'error').toLowerCase();

/** One shape for every error: { statusCode, error, message }. Unknown errors never leak internals. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, error, message, extra } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) {
      res.end();
      return;
    }
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    res.status(status).json({ statusCode: status, error, message, ...extra });
  }

  private describe(exception: unknown): {
    status: number;
    error: string;
    message: string;
    extra?: Record<string, unknown>;
  } {
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
    return { status: 500, error: 'internal_error', message: 'Something went wrong on our side' };
  }
}
