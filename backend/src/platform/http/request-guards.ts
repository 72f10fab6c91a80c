import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/env.js';
import { DomainError } from '../domain-error.js';

/**
 * What a state-changing request (POST, PUT, PATCH, DELETE) must look like, checked before any
 * body is read:
 *
 * - Same origin. A browser says where a request comes from: `Sec-Fetch-Site` (every current
 *   browser) is trusted when present, `same-origin` and `none` (typed, bookmarked) pass;
 *   otherwise `Origin` must be the site's own (PUBLIC_URL, or the Host the request was sent to);
 *   `Origin: null` (sandboxed frames such as ads, data: pages) is foreign. A request carrying
 *   neither header does not come from a web page (curl, scripts, server-to-server): it cannot
 *   ride on a victim's cookies or plant one, so it passes. This stops login CSRF (a foreign page
 *   posting a session id or a magic-link token to sign the victim in as the attacker) and any
 *   form aimed at an admin route.
 * - JSON. Bodies must be `application/json` (the only type a foreign page cannot send without
 *   a CORS preflight), except multipart on the upload route and the magic-link landing page's
 *   own form. A form-encoded or text/plain admin reset answers 415. This middleware is the only
 *   JSON check (no per-route decorator): it runs before routing, so it covers every route,
 *   admin ones included. A request without a body passes on to validation, which refuses a
 *   missing required field with 400.
 */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Bodies other than JSON, allowed on these routes only. */
const OTHER_BODIES: Array<{ path: RegExp; type: string }> = [
  { path: /^\/api\/media\/upload\/?$/i, type: 'multipart/form-data' },
  { path: /^\/api\/auth\/magic-link\/?$/i, type: 'application/x-www-form-urlencoded' },
];

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not accepted: use the site itself';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json)';

export function sameOriginOnly(config: AppConfig): RequestHandler {
  const own = new URL(config.publicUrl).origin;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || isSameOrigin(req, own)) return next();
    next(new DomainError('forbidden', CROSS_SITE_MESSAGE));
  };
}

function isSameOrigin(req: Request, own: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === own) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // "null" and anything unparsable
  }
}

export const jsonBodiesOnly: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  const type = req.headers['content-type'];
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  // no body, nothing to misread (ra-data-simple-rest labels its bodiless DELETE text/plain)
  if (!hasBody) return next();
  if (type !== undefined && req.is('application/json')) return next();
  const other = OTHER_BODIES.find((o) => o.path.test(req.path));
  if (other && type !== undefined && req.is(other.type)) return next();
  next(new DomainError('unsupported_media_type', JSON_ONLY_MESSAGE));
};
