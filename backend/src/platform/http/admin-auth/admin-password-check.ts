import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, unauthenticated } from '../../domain-error.js';
import { AdminCredentials } from './admin-credentials.js';
import { AdminLoginThrottle } from './admin-login-throttle.js';

/**
 * Failed logins allowed per window before the IP / the account gets 429 (correct passwords
 * included, so guessing on learns nothing). An address that logged in to the account within
 * `trustedForMs` is spared the account lock: failures from elsewhere cannot lock the real admin out.
 */
export const ADMIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 30,
  maxPerIp: 10,
  trustedForMs: 30 * 24 * 3600 * 1000,
  /** a trusted address's timestamp is refreshed at most this often (not on every admin call) */
  refreshTrustMs: 10 * 60 * 1000,
} as const;

/**
 * The admin password check with the failure throttle, shared by the Basic path of the guard and
 * by POST /api/admin/login. Throws 429 while throttled (before looking at the password, so a
 * guess made then learns nothing) and 401 `Invalid credentials` for a wrong login.
 */
@Injectable()
export class AdminPasswordCheck {
  constructor(
    private readonly credentials: AdminCredentials,
    private readonly throttle: AdminLoginThrottle,
  ) {}

  async verify(username: string, password: string, ip: string, res: Response): Promise<void> {
    // a failure slot is taken before the password is compared, so a guess made while throttled
    // learns nothing and parallel guesses cannot overshoot the limit
    const attempt = await this.throttle.begin(username, ip, ADMIN_THROTTLE);
    if (!attempt) {
      res.setHeader('Retry-After', String(ADMIN_THROTTLE.windowMs / 1000));
      throw new DomainError('rate_limited', 'Too many failed admin logins. Please wait 15 minutes and try again.');
    }
    if (!this.credentials.matches(username, password)) throw unauthenticated('Invalid credentials');
    const stale =
      !attempt.lastSuccessAt || Date.now() - attempt.lastSuccessAt.getTime() > ADMIN_THROTTLE.refreshTrustMs;
    await this.throttle.succeeded(attempt, stale);
  }
}
