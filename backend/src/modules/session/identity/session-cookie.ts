import type { CookieOptions, Response } from 'express';
import type { AppConfig } from '../../../config/env.js';

export const SESSION_COOKIE = 'vibe_session';

export function setSessionCookie(res: Response, sessionId: string, config: AppConfig): void {
  const options: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: 400 * 24 * 3600 * 1000, // the browser maximum; the session lives as long as the visitor keeps it
  };
  res.cookie(SESSION_COOKIE, sessionId, options);
}
