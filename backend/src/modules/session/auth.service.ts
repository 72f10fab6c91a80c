import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '../../config/env.js';
import { DomainError, forbidden } from '../../platform/domain-error.js';
import { Mailer } from '../../platform/mail/mailer.js';
import type { User } from './domain/user.js';
import { MagicLinkRepository, type MagicLinkPurpose } from './magic-link.repository.js';
import { UserRepository } from './user.repository.js';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const RATE_WINDOW_MS = 15 * 60 * 1000;
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 20;

/** The spec's landing error codes (§8). */
export type LandingError = 'invalid-token' | 'expired-token' | 'invalid-user' | 'verification-failed';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger('AuthService');

  constructor(
    private readonly users: UserRepository,
    private readonly links: MagicLinkRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  /**
   * Save account: the link proves the address for this user, or, when another account already
   * owns the proven address, signs this browser into that account.
   */
  async sendMagicLink(user: User, email: string, ip: string): Promise<void> {
    await this.throttle(email, ip);
    const owner = await this.users.findByVerifiedEmail(email);
    if (owner && owner.id !== user.id) {
      await this.issue(owner, owner.email ?? email, 'login');
    } else {
      await this.issue(user, email, 'verify');
    }
  }

  /** Same outcome whether or not the address is known, so it cannot be used to probe accounts. */
  async sendLoginLink(email: string, ip: string): Promise<void> {
    await this.throttle(email, ip);
    const owner = await this.users.findByVerifiedEmail(email);
    if (owner) await this.issue(owner, owner.email ?? email, 'login');
  }

  /** Spends a token; answers the user to sign in as, or the landing error code. */
  async redeem(token: string): Promise<{ user: User } | { error: LandingError }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { error: 'invalid-token' };
    const found = await this.links.findByHash(hashToken(token));
    if (!found || found.usedAt) return { error: 'invalid-token' };
    if (found.expiresAt.getTime() < Date.now()) return { error: 'expired-token' };
    const user = await this.users.findById(found.userId);
    if (!user) return { error: 'invalid-user' };
    try {
      if (!(await this.links.redeem(found))) return { error: 'invalid-token' };
    } catch (err) {
      if (err instanceof DomainError && err.message === 'email_taken') return { error: 'verification-failed' };
      throw err;
    }
    return { user: (await this.users.findById(user.id)) ?? user };
  }

  private async throttle(email: string, ip: string): Promise<void> {
    const limits = { since: new Date(Date.now() - RATE_WINDOW_MS), maxPerEmail: MAX_PER_EMAIL, maxPerIp: MAX_PER_IP };
    if (!(await this.links.reserveRequest(email, ip, limits))) {
      throw new DomainError('rate_limited', 'Too many link requests. Please wait a few minutes and try again.');
    }
  }

  private async issue(user: User, email: string, purpose: MagicLinkPurpose): Promise<void> {
    const token = randomBytes(32).toString('base64url'); // 256 bits
    await this.links.saveToken({
      tokenHash: hashToken(token),
      userId: user.id,
      email,
      purpose,
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
    });
    const link = `${this.config.publicUrl}/api/auth/magic-link?token=${token}`;
    const action = purpose === 'verify' ? 'save your account' : 'log in to your account';
    await this.mailer.send({
      to: email,
      subject: purpose === 'verify' ? "Save your How's my Vibe? account" : "Your How's my Vibe? login link",
      text: `Hi ${user.username},\n\nOpen this link to ${action}:\n${link}\n\nThe link works once and expires in 15 minutes. If you did not ask for it, ignore this message.\n`,
      html: `<p>Hi ${escapeHtml(user.username)},</p><p><a href="${link}">Click here to ${action}</a>.</p><p>The link works once and expires in 15 minutes. If you did not ask for it, ignore this message.</p>`,
    });
    this.logger.log(`Magic link (${purpose}) sent for user ${user.id}`);
  }

  assertOwnSession(user: User, sessionId: string | undefined): void {
    if (sessionId !== undefined && sessionId !== user.sessionId) throw forbidden();
  }
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
