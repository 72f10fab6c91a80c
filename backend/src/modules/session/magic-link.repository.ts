export type MagicLinkPurpose = 'verify' | 'login';

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
  abstract logRequest(email: string, ip: string): Promise<void>;
  abstract countRecentRequests(by: { email?: string; ip?: string }, since: Date): Promise<number>;
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
