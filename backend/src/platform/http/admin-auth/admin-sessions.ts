import { Injectable } from '@nestjs/common';
import { Database } from '../../database/sql.js';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '../../../config/env.js';

export interface StoredAdminSession {
  username: string;
  credentialsTag: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Port over the admin session tokens; it only ever sees their SHA-256. */
export abstract class AdminSessionStore {
  abstract insert(
    tokenHash: string,
    session: { username: string; credentialsTag: string; expiresAt: Date },
  ): Promise<void>;
  abstract find(tokenHash: string): Promise<StoredAdminSession | null>;
  abstract revoke(tokenHash: string): Promise<void>;
  /** Deletes sessions that expired before `before` (revoked ones included). */
  abstract deleteExpired(before: Date): Promise<void>;
}

@Injectable()
export class TypeormAdminSessionStore extends AdminSessionStore {
  constructor(private readonly db: Database) {
    super();
  }

  async insert(tokenHash: string, s: { username: string; credentialsTag: string; expiresAt: Date }) {
    await this.db.rows(
      `INSERT INTO admin_sessions (token_hash, username, credentials_tag, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenHash, s.username, s.credentialsTag, s.expiresAt],
    );
  }

  async find(tokenHash: string): Promise<StoredAdminSession | null> {
    const rows: Array<{ username: string; credentials_tag: string; expires_at: Date; revoked_at: Date | null }> =
      await this.db.rows(
        `SELECT username, credentials_tag, expires_at, revoked_at FROM admin_sessions WHERE token_hash = $1`,
        [tokenHash],
      );
    const r = rows[0];
    return r
      ? {
          username: r.username,
          credentialsTag: r.credentials_tag,
          expiresAt: new Date(r.expires_at),
          revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
        }
      : null;
  }

  async revoke(tokenHash: string) {
    await this.db.rows(`UPDATE admin_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [
      tokenHash,
    ]);
  }

  async deleteExpired(before: Date) {
    await this.db.rows(`DELETE FROM admin_sessions WHERE expires_at < $1`, [before]);
  }
}

export type TokenCheck =
  { kind: 'valid'; username: string; expiresAt: Date } | { kind: 'expired' } | { kind: 'unknown' };

/** 256 random bits, base64url: what a token must look like before it is looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/**
 * Sessions stay in the table this long after expiring, so a portal left open hears "expired"
 * rather than "invalid"; the next login deletes them.
 */
const KEEP_EXPIRED_MS = 7 * 24 * 3600 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Issues, checks and revokes admin session tokens (the portal's `adminToken`). */
@Injectable()
export class AdminTokens {
  constructor(
    private readonly store: AdminSessionStore,
    private readonly config: AppConfig,
  ) {}

  async issue(username: string, credentialsTag: string): Promise<{ token: string; expiresAt: Date }> {
    const now = Date.now();
    // cheap (index on expires_at) and only at login, so the table never grows past a week of logins
    await this.store.deleteExpired(new Date(now - KEEP_EXPIRED_MS));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + this.config.adminTokenTtlHours * 3600 * 1000);
    await this.store.insert(hashOf(token), { username, credentialsTag, expiresAt });
    return { token, expiresAt };
  }

  /** `credentialsTag` is the current credentials' tag: a token issued under other ones is over. */
  async check(token: string, credentialsTag: string): Promise<TokenCheck> {
    if (!TOKEN_SHAPE.test(token)) return { kind: 'unknown' };
    const s = await this.store.find(hashOf(token));
    if (!s) return { kind: 'unknown' };
    if (s.revokedAt || s.expiresAt.getTime() <= Date.now() || s.credentialsTag !== credentialsTag)
      return { kind: 'expired' };
    return { kind: 'valid', username: s.username, expiresAt: s.expiresAt };
  }

  /** The /media pass of a token (AdminMediaPass): its stored hash, which no bearer check accepts. */
  passOf(token: string): string {
    return hashOf(token);
  }

  /** Whether a /media pass belongs to a live session. */
  async checkPass(pass: string, credentialsTag: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(pass)) return false;
    const s = await this.store.find(pass);
    return !!s && !s.revokedAt && s.expiresAt.getTime() > Date.now() && s.credentialsTag === credentialsTag;
  }

  async revoke(token: string): Promise<void> {
    if (TOKEN_SHAPE.test(token)) await this.store.revoke(hashOf(token));
  }
}
