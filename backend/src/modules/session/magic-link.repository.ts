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

/** Port over magic-link tokens (stored as hashes) and the request log the rate limits read. */
export abstract class MagicLinkRepository {
  /**
   * Logs a link request unless the address or the IP is at its limit (false then). Atomic: under
   * any number of parallel requests, no more than the limit is ever logged.
   */
  abstract reserveRequest(email: string, ip: string, limits: LinkRequestLimits): Promise<boolean>;
  abstract saveToken(t: {
    tokenHash: string;
    userId: number;
    email: string;
    purpose: MagicLinkPurpose;
    expiresAt: Date;
  }): Promise<void>;
  abstract findByHash(tokenHash: string): Promise<MagicLinkToken | null>;
  /**
   * Marks the token used and applies its effect in one transaction; false when it was already
   * spent (a concurrent second click loses). `verify` also proves the address for the user;
   * throws 'email_taken' when another account proved it first.
   */
  abstract redeem(token: MagicLinkToken): Promise<boolean>;
}
