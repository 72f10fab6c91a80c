import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../../config/env.js';
import { AdminCredentials } from './admin-credentials.js';
import { AdminTokens } from './admin-sessions.js';

const NAME = 'vibe_admin_media';

/**
 * How the admin portal's <img> and <video> elements see hidden media: they cannot send the
 * bearer token the portal keeps, so login (and any later bearer call, for a portal logged in
 * before) sets an httpOnly, SameSite=Strict cookie scoped to /media. It carries the session's
 * stored hash, not the token: it cannot be used as a bearer token, only to view hidden files, and
 * only while that admin session lasts (logout, expiry and a new password end it too).
 */
@Injectable()
export class AdminMediaPass {
  constructor(
    private readonly tokens: AdminTokens,
    private readonly credentials: AdminCredentials,
    private readonly config: AppConfig,
  ) {}

  /** Sets the cookie for `token` unless the request already carries it. */
  grant(req: Request, res: Response, token: string, expiresAt: Date): void {
    const pass = this.tokens.passOf(token);
    if (req.cookies?.[NAME] === pass) return;
    res.cookie(NAME, pass, { ...this.options(), maxAge: Math.max(0, expiresAt.getTime() - Date.now()) });
  }

  revoke(res: Response): void {
    res.clearCookie(NAME, this.options());
  }

  /** The request carries the pass of a live admin session. */
  async holds(req: Request): Promise<boolean> {
    const pass: unknown = req.cookies?.[NAME];
    return typeof pass === 'string' && this.tokens.checkPass(pass, this.credentials.sessionTag);
  }

  private options() {
    return { httpOnly: true, sameSite: 'strict' as const, secure: this.config.secureCookies, path: '/media' };
  }
}
