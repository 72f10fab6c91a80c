import { Injectable } from '@nestjs/common';
import { isUniqueViolation } from '../../../platform/database/pg-errors.js';
import { Database } from '../../../platform/database/sql.js';
import {
  type LinkRequest,
  MagicLinkRepository,
  type MagicLinkPurpose,
  type MagicLinkToken,
  type QueuedLinkMail,
  type RedeemEffect,
  type RedeemResult,
} from '../magic-link.repository.js';
import { sessionHash } from '../../users/domain/session-hash.js';

@Injectable()
export class TypeormMagicLinkRepository extends MagicLinkRepository {
  constructor(private readonly db: Database) {
    super();
  }

  issue(r: LinkRequest): Promise<'queued' | 'rate_limited'> {
    return this.db.transaction(async (tx) => {
      // one holder per IP, then per address (always in that order): counting and logging act as one step
      await tx.rows(`SELECT pg_advisory_xact_lock(hashtextextended('magic-link-ip:' || $1, 0))`, [r.ip]);
      await tx.rows(`SELECT pg_advisory_xact_lock(hashtextextended('magic-link-email:' || lower($1), 0))`, [r.email]);
      const logged = await tx.rows(
        `INSERT INTO magic_link_requests (email, ip)
         SELECT $1::varchar, $2::varchar
         WHERE (SELECT count(*) FROM magic_link_requests WHERE lower(email) = lower($1::varchar) AND created_at > $3) < $4
           AND (SELECT count(*) FROM magic_link_requests WHERE ip = $2::varchar AND created_at > $3) < $5
         RETURNING id`,
        [r.email, r.ip, r.limits.since, r.limits.maxPerEmail, r.limits.maxPerIp],
      );
      if (logged.length === 0) return 'rate_limited';
      // one statement whether or not the account exists: a mail row is queued either way
      await tx.rows(
        `WITH target AS (${r.userId === null ? BY_VERIFIED_EMAIL : BY_ID}),
         token AS (
           INSERT INTO magic_link_tokens (token_hash, user_id, email, purpose, expires_at)
           SELECT $3, id, coalesce($4::varchar, email), $5::varchar, $6 FROM target
           RETURNING id
         )
         INSERT INTO magic_link_outbox (recipient, username, purpose, token)
         SELECT coalesce($4::varchar, (SELECT email FROM target), $2::varchar), (SELECT username FROM target),
                $5::varchar, CASE WHEN EXISTS (SELECT 1 FROM token) THEN $7::varchar END`,
        [r.userId, r.email, r.tokenHash, r.recipient, r.purpose, r.expiresAt, r.token],
      );
      return 'queued';
    });
  }

  async findByHash(tokenHash: string): Promise<MagicLinkToken | null> {
    const r = await this.db.one<TokenRow>(
      `SELECT id, user_id, email, purpose, expires_at, used_at FROM magic_link_tokens WHERE token_hash = $1`,
      [tokenHash],
    );
    if (!r) return null;
    return {
      id: r.id,
      userId: r.user_id,
      email: r.email,
      purpose: r.purpose,
      expiresAt: new Date(r.expires_at),
      usedAt: r.used_at ? new Date(r.used_at) : null,
    };
  }

  async redeem(token: MagicLinkToken, effect: RedeemEffect): Promise<RedeemResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const spent = await tx.one(
          `UPDATE magic_link_tokens SET used_at = now(), handoff_hash = $2 WHERE id = $1 AND used_at IS NULL RETURNING id`,
          [token.id, effect.handoffHash],
        );
        if (!spent) return 'already-used';
        if (token.purpose === 'verify') {
          await tx.rows(`UPDATE users SET email = $2, email_verified = true WHERE id = $1`, [
            token.userId,
            token.email,
          ]);
          await tx.rows(`DELETE FROM sessions WHERE user_id = $1`, [token.userId]);
        } else if (effect.replacesSessionId !== null) {
          await tx.rows(`DELETE FROM sessions WHERE user_id = $1 AND token_hash = $2`, [
            token.userId,
            sessionHash(effect.replacesSessionId),
          ]);
        }
        await tx.rows(`INSERT INTO sessions (user_id, token_hash, user_agent, network) VALUES ($1, $2, $3, $4)`, [
          token.userId,
          sessionHash(effect.newSessionId),
          effect.device.userAgent,
          effect.device.network,
        ]);
        return 'redeemed';
      });
    } catch (err) {
      // the transaction rolled back: the token stays unspent, as when nothing happened
      if (isUniqueViolation(err, 'users_verified_email_ci')) return 'email-taken';
      throw err;
    }
  }

  async takeHandoff(handoffHash: string, maxAgeMs: number): Promise<number | null> {
    const r = await this.db.one<{ user_id: number }>(
      `UPDATE magic_link_tokens SET handoff_hash = NULL
       WHERE handoff_hash = $1 AND used_at > now() - make_interval(secs => $2::double precision / 1000)
       RETURNING user_id`,
      [handoffHash, maxAgeMs],
    );
    return r ? r.user_id : null;
  }

  async claimMail(leaseMs: number): Promise<QueuedLinkMail | null> {
    const r = await this.db.one<OutboxRow>(
      `UPDATE magic_link_outbox SET attempts = attempts + 1,
         locked_until = now() + make_interval(secs => $1::double precision / 1000)
       WHERE id = (
         SELECT id FROM magic_link_outbox
         WHERE failed_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY id LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, recipient, username, purpose, token, attempts, created_at`,
      [leaseMs],
    );
    if (!r) return null;
    return {
      id: Number(r.id),
      recipient: r.recipient,
      username: r.username,
      purpose: r.purpose,
      token: r.token,
      attempts: r.attempts,
      requestedAt: new Date(r.created_at),
    };
  }

  async mailSent(id: number): Promise<void> {
    await this.db.rows(`DELETE FROM magic_link_outbox WHERE id = $1`, [id]);
  }

  async mailFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
    await this.db.rows(
      retryAt
        ? `UPDATE magic_link_outbox SET last_error = $2, locked_until = NULL, next_attempt_at = $3 WHERE id = $1`
        : `UPDATE magic_link_outbox SET last_error = $2, locked_until = NULL, failed_at = now(), token = NULL WHERE id = $1`,
      retryAt ? [id, error.slice(0, 2000), retryAt] : [id, error.slice(0, 2000)],
    );
  }
}

interface TokenRow {
  id: number;
  user_id: number;
  email: string;
  purpose: MagicLinkPurpose;
  expires_at: Date;
  used_at: Date | null;
}

interface OutboxRow {
  id: string | number;
  recipient: string;
  username: string | null;
  purpose: MagicLinkPurpose;
  token: string | null;
  attempts: number;
  created_at: Date;
}

/** The link's account: given by id (save account), or the owner of a verified address (login-existing). */
const BY_ID = `SELECT id, username, email FROM users WHERE id = $1::int`;
const BY_VERIFIED_EMAIL = `SELECT id, username, email FROM users
  WHERE $1::int IS NULL AND email_verified AND lower(email) = lower($2::varchar) LIMIT 1`;
