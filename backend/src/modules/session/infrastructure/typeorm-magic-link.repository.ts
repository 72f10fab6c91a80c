import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { conflict } from '../../../platform/domain-error.js';
import { isUniqueViolation } from '../../../platform/database/pg-errors.js';
import {
  type LinkRequestLimits,
  MagicLinkRepository,
  type MagicLinkPurpose,
  type MagicLinkToken,
} from '../magic-link.repository.js';

@Injectable()
export class TypeormMagicLinkRepository extends MagicLinkRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  reserveRequest(email: string, ip: string, limits: LinkRequestLimits): Promise<boolean> {
    return this.db.transaction(async (m) => {
      // one holder per IP, then per address (always in that order): count and insert act as one step
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('magic-link-ip:' || $1, 0))`, [ip]);
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('magic-link-email:' || lower($1), 0))`, [email]);
      const logged: unknown[] = await m.query(
        `INSERT INTO magic_link_requests (email, ip)
         SELECT $1::varchar, $2::varchar
         WHERE (SELECT count(*) FROM magic_link_requests WHERE lower(email) = lower($1::varchar) AND created_at > $3) < $4
           AND (SELECT count(*) FROM magic_link_requests WHERE ip = $2::varchar AND created_at > $3) < $5
         RETURNING id`,
        [email, ip, limits.since, limits.maxPerEmail, limits.maxPerIp],
      );
      return logged.length > 0;
    });
  }

  async saveToken(t: { tokenHash: string; userId: number; email: string; purpose: MagicLinkPurpose; expiresAt: Date }) {
    await this.db.query(
      `INSERT INTO magic_link_tokens (token_hash, user_id, email, purpose, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [t.tokenHash, t.userId, t.email, t.purpose, t.expiresAt],
    );
  }

  async findByHash(tokenHash: string): Promise<MagicLinkToken | null> {
    const [r] = await this.db.query(
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

  async redeem(token: MagicLinkToken): Promise<boolean> {
    return this.db.transaction(async (m) => {
      // TypeORM answers [rows, affected] for UPDATE on postgres
      const [spent] = await m.query(
        `UPDATE magic_link_tokens SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`,
        [token.id],
      );
      if (spent.length === 0) return false;
      if (token.purpose === 'verify') {
        try {
          await m.query(`UPDATE users SET email = $2, email_verified = true WHERE id = $1`, [
            token.userId,
            token.email,
          ]);
        } catch (err) {
          if (isUniqueViolation(err, 'users_verified_email_ci')) throw conflict('email_taken');
          throw err;
        }
      }
      return true;
    });
  }
}
