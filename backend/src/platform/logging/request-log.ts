import type { RequestHandler } from 'express';
import type { RootLogger } from './root-logger.js';

/** A magic-link token in a URL is a password for one sign-in: it never reaches the logs. */
export const redactUrl = (url: string): string => url.replace(/token=[^&]+/g, 'token=[Redacted]');

/**
 * One line per answered request: method, URL (token redacted), status and time. No headers, so
 * no cookie or credential can reach the logs; health checks are not logged. Deliberately lean
 * (no per-request child logger, no async context): it runs on every request, and pino-http's
 * per-request machinery was ~15 % of the API's CPU per vote.
 */
export function requestLog(logger: RootLogger): RequestHandler {
  return (req, res, next) => {
    if (req.url === '/api/health' || !logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    // 'close' comes after the answer is sent, or when the client went away before it
    res.once('close', () => {
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      logger[status >= 500 ? 'error' : aborted ? 'warn' : 'info'](
        {
          req: { method: req.method, url: redactUrl(req.originalUrl) },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
