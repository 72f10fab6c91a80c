import type { DeviceInfo } from '../users/domain/device.js';

export type MagicLinkPurpose = 'verify' | 'login';

/** Link requests allowed per address and per client IP within the window. */
export interface LinkRequestLimits {
  since: Date;
  maxPerEmail: number;
  maxPerIp: number;
}

export interface MagicLinkToken {
  id: number;
  userId: number;
  email: string;
  purpose: MagicLinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
}

/** One request for a link: logged for the limits, then a token and its mail, in one transaction. */
export interface LinkRequest {
  ip: string;
  /** the address the request named: the per-address limit counts it */
  email: string;
  limits: LinkRequestLimits;
  /** the account the link is for, or null: the account whose verified address is `email`, if any */
  userId: number | null;
  /** where the mail goes; null: that account's own address */
  recipient: string | null;
  purpose: MagicLinkPurpose;
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

/** A queued mail, claimed by the sender. `username` null: nobody to write to, nothing is sent. */
export interface QueuedLinkMail {
  id: number;
  recipient: string;
  username: string | null;
  purpose: MagicLinkPurpose;
  token: string | null;
  attempts: number;
  /** when the link was asked for: the mail says it */
  requestedAt: Date;
}

export interface RedeemEffect {
  newSessionId: string;
  replacesSessionId: string | null;
  device: DeviceInfo;
  handoffHash: string;
}

export type RedeemResult = 'redeemed' | 'already-used' | 'email-taken';

/**
 * Port over magic-link tokens (stored as hashes), the request log the rate limits read and the
 * outbox their mail waits in.
 */
export abstract class MagicLinkRepository {
  /**
   * Logs the request unless the address or the IP is at its limit ('rate_limited', nothing else
   * happens), then stores the token and queues its mail. Atomic: under any number of parallel
   * requests no limit is overshot. With `userId` null the account is looked up in the same
   * statement, and a mail row is queued whether or not one exists, so a known and an unknown
   * address cost the same work.
   */
  abstract issue(request: LinkRequest): Promise<'queued' | 'rate_limited'>;
  abstract findByHash(tokenHash: string): Promise<MagicLinkToken | null>;
  /**
   * Marks the token used and applies its effect in one transaction; `already-used` when it was
   * spent before (a concurrent second click loses). `verify` also proves the address for the
   * user; `email-taken` (nothing changed, the token stays unspent) when another account proved
   * it first. Every confirm starts a new session (`newSessionId`, stored as its hash) for the
   * confirming browser; `replacesSessionId` (the browser's cookie before) ends when it was a
   * session of the same user (rotation). `verify` also ends all the user's other sessions, so
   * whoever held them (the visitor who asked for a link to someone else's address) is signed out.
   * The spent token keeps `handoffHash` for `takeHandoff`.
   */
  abstract redeem(token: MagicLinkToken, effect: RedeemEffect): Promise<RedeemResult>;
  /**
   * Spends the hand-off of a link confirmed within `maxAgeMs`: answers the user it signed in, or
   * null (unknown, already taken, or too old).
   */
  abstract takeHandoff(handoffHash: string, maxAgeMs: number): Promise<number | null>;
  /** The oldest mail due, leased for `leaseMs` (another sender takes it over after that). */
  abstract claimMail(leaseMs: number): Promise<QueuedLinkMail | null>;
  /** Sent (or nothing to send): the row and its token go. */
  abstract mailSent(id: number): Promise<void>;
  /** Try again at `retryAt`, or give up (null): the row stays for operators, without its token. */
  abstract mailFailed(id: number, error: string, retryAt: Date | null): Promise<void>;
}
