import { Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../../../config/env.js';
import { badRequest } from '../../../platform/domain-error.js';
import { SESSION_ID_PATTERN } from '../domain/session-id.js';

const BASE_NAME = 'vibe_session';
/** The one-shot proof that this browser just confirmed a magic link (see `SessionHandoff`). */
const HANDOFF_NAME = 'vibe_handoff';
const HANDOFF_MAX_AGE_MS = 2 * 60 * 1000;

export const TWO_SESSION_COOKIES_MESSAGE =
  'This request carries two session cookies; another site on a parent domain may have set one. Clear the cookies of this site and reload.';

/**
 * The visitor's session cookie. Served over HTTPS (PUBLIC_URL https://) it is `__Host-vibe_session`:
 * Secure, Path=/ and no Domain, which a browser only accepts from this very host, so a sibling
 * subdomain cannot plant one (cookie tossing); a plain `vibe_session` is then not read at all.
 * Plain-HTTP local development keeps `vibe_session`. A request carrying the cookie twice (one
 * planted with another Path or Domain) is refused, never resolved to whichever comes first.
 */
@Injectable()
export class SessionCookies {
  readonly name: string;
  private readonly handoffName: string;

  constructor(private readonly config: AppConfig) {
    const prefix = config.secureCookies ? '__Host-' : '';
    this.name = prefix + BASE_NAME;
    this.handoffName = prefix + HANDOFF_NAME;
  }

  /** The well-formed session id the request carries, or null; 400 when it carries two. */
  read(req: Request): string | null {
    const sid = this.single(req, this.name);
    return sid !== null && SESSION_ID_PATTERN.test(sid) ? sid : null;
  }

  set(res: Response, sessionId: string): void {
    res.cookie(this.name, sessionId, {
      ...this.options(),
      maxAge: 400 * 24 * 3600 * 1000, // the browser maximum; the session lives as long as the visitor keeps it
    });
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options());
  }

  readHandoff(req: Request): string | null {
    return this.single(req, this.handoffName);
  }

  setHandoff(res: Response, nonce: string): void {
    res.cookie(this.handoffName, nonce, { ...this.options(), sameSite: 'strict', maxAge: HANDOFF_MAX_AGE_MS });
  }

  clearHandoff(res: Response): void {
    res.clearCookie(this.handoffName, { ...this.options(), sameSite: 'strict' });
  }

  private options(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies, path: '/' };
  }

  /** cookie-parser keeps the first of two same-named cookies; the raw header tells whether there were two. */
  private single(req: Request, name: string): string | null {
    const header = req.headers.cookie;
    if (!header) return null;
    let value: string | null = null;
    let count = 0;
    for (const pair of header.split(';')) {
      const eq = pair.indexOf('=');
      if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
      count++;
      value = pair.slice(eq + 1).trim();
    }
    if (count > 1) throw badRequest(TWO_SESSION_COOKIES_MESSAGE);
    return value;
  }
}
