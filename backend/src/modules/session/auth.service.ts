import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DomainError, forbidden, unauthenticated } from '../../platform/domain-error.js';
import type { DeviceInfo } from '../users/domain/device.js';
import type { User } from '../users/domain/user.js';
import { MagicLinkSender } from './magic-link-sender.js';
import { MagicLinkRepository, type MagicLinkPurpose, type MagicLinkToken } from './magic-link.repository.js';
import { Users } from '../users/users.js';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const RATE_WINDOW_MS = 15 * 60 * 1000;
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 20;

/** The spec's landing error codes (§8). */
export type LandingError = 'invalid-token' | 'expired-token' | 'invalid-user' | 'verification-failed';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long after a confirm the visitor app may adopt the session it switched to. */
const HANDOFF_MAX_AGE_MS = 2 * 60 * 1000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh 32-character session id (the shape clients make), from 190 random bits. */
function newSessionId(): string {
  let id = '';
  while (id.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && id.length < 32) id += ALPHANUMERIC[byte % 62]; // 248 = 4 × 62: no bias
    }
  }
  return id;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: Users,
    private readonly links: MagicLinkRepository,
    private readonly sender: MagicLinkSender,
  ) {}

  /**
   * Save account: the link proves the address for this user, or, when another account already
   * owns the proven address, signs this browser into that account.
   */
  async sendMagicLink(user: User, email: string, ip: string): Promise<void> {
    const owner = await this.users.findByVerifiedEmail(email);
    const other = owner && owner.id !== user.id ? owner : null;
    await this.issue(ip, email, {
      userId: other?.id ?? user.id,
      recipient: other ? (other.email ?? email) : email,
      purpose: other ? 'login' : 'verify',
    });
  }

  /**
   * Same answer and the same work whether or not the address is known (the account is looked up
   * inside the one statement that queues the mail), so neither the reply nor its timing tells.
   */
  async sendLoginLink(email: string, ip: string): Promise<void> {
    await this.issue(ip, email, { userId: null, recipient: null, purpose: 'login' });
  }

  /**
   * Spends a token; answers the user to sign in as with the one-shot hand-off nonce the visitor
   * app adopts the session with, or the landing error code. Verifying rotates the session id.
   */
  async redeem(
    token: string,
    browser: { sessionId: string | null; device: DeviceInfo },
  ): Promise<{ user: User; sessionId: string; handoff: string } | { error: LandingError }> {
    const found = await this.check(token);
    if ('error' in found) return found;
    const handoff = randomBytes(32).toString('base64url');
    const sessionId = newSessionId();
    const outcome = await this.links.redeem(found.link, {
      newSessionId: sessionId,
      replacesSessionId: browser.sessionId,
      device: browser.device,
      handoffHash: hashToken(handoff),
    });
    if (outcome === 'already-used') return { error: 'invalid-token' };
    if (outcome === 'email-taken') return { error: 'verification-failed' };
    return { user: (await this.users.findById(found.user.id)) ?? found.user, sessionId, handoff };
  }

  /**
   * The session a browser may adopt: only the one a magic link confirmed in this browser moments
   * ago (its hand-off nonce, spent here), and only while the cookie still names that user.
   */
  async adopt(sessionId: string | null, handoff: string | null): Promise<{ user: User; sessionId: string }> {
    const refused = () => unauthenticated('Nothing to adopt: open the magic link from your e-mail again');
    if (!sessionId || !handoff || !/^[A-Za-z0-9_-]{43}$/.test(handoff)) throw refused();
    const userId = await this.links.takeHandoff(hashToken(handoff), HANDOFF_MAX_AGE_MS);
    const user = userId === null ? null : await this.users.findBySessionId(sessionId);
    if (!user || user.id !== userId) throw refused();
    return { user, sessionId: sessionId! };
  }

  /** What a token would do, without spending it (the landing page names the account). */
  async check(token: string): Promise<{ link: MagicLinkToken; user: User } | { error: LandingError }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { error: 'invalid-token' };
    const link = await this.links.findByHash(hashToken(token));
    if (!link || link.usedAt) return { error: 'invalid-token' };
    if (link.expiresAt.getTime() < Date.now()) return { error: 'expired-token' };
    const user = await this.users.findById(link.userId);
    if (!user) return { error: 'invalid-user' };
    return { link, user };
  }

  /** Logs the request against the limits, stores the token and queues its mail; the mail goes out of band. */
  private async issue(
    ip: string,
    email: string,
    target: { userId: number | null; recipient: string | null; purpose: MagicLinkPurpose },
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url'); // 256 bits
    const outcome = await this.links.issue({
      ip,
      email,
      limits: { since: new Date(Date.now() - RATE_WINDOW_MS), maxPerEmail: MAX_PER_EMAIL, maxPerIp: MAX_PER_IP },
      ...target,
      token,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
    });
    if (outcome === 'rate_limited') {
      throw new DomainError('rate_limited', 'Too many link requests. Please wait a few minutes and try again.');
    }
    this.sender.kick();
  }

  /** A body's sessionId, when sent, must be the cookie's own (the spec's payload names it). */
  assertOwnSession(cookieSessionId: string | null, sessionId: string | undefined): void {
    if (sessionId !== undefined && sessionId !== cookieSessionId) throw forbidden();
  }
}
