import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '../../../platform/domain-error.js';
import { isUniqueViolation } from '../../../platform/database/pg-errors.js';
import { Database, type Transaction } from '../../../platform/database/sql.js';
import type { DeviceInfo, DeviceSession } from '../domain/device.js';
import { sessionHash } from '../domain/session-hash.js';
import type { User } from '../domain/user.js';
import { type SignedIn, Users } from '../users.js';

interface UserRow {
  id: number;
  username: string;
  email: string | null;
  email_verified: boolean;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  banned_at: Date | null;
}

const COLUMNS = 'id, username, email, email_verified, latitude, longitude, created_at, banned_at';
const U_COLUMNS = COLUMNS.split(', ')
  .map((c) => `u.${c}`)
  .join(', ');

interface SessionRow {
  id: number;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  network: string | null;
}

const SESSION_COLUMNS = 'id, user_id, created_at, last_seen_at, user_agent, network';

/**
 * Every visitor request starts with this lookup: by the SHA-256 of the cookie's session id ($1).
 * @public also run by the bench's bare vote server and pgbench (bench/vote-sql.ts, from dist)
 */
export const USER_BY_SESSION_SQL = `SELECT ${U_COLUMNS}, s.id AS s_id, s.created_at AS s_created_at,
  s.last_seen_at AS s_last_seen_at, s.user_agent AS s_user_agent, s.network AS s_network
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND u.deleting_at IS NULL`;

const toSession = (r: SessionRow): DeviceSession => ({
  id: r.id,
  userId: r.user_id,
  createdAt: new Date(r.created_at),
  lastSeenAt: new Date(r.last_seen_at),
  userAgent: r.user_agent,
  network: r.network,
});

export const toUser = (r: UserRow): User => ({
  id: r.id,
  username: r.username,
  email: r.email,
  emailVerified: r.email_verified,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  createdAt: new Date(r.created_at),
  bannedAt: r.banned_at ? new Date(r.banned_at) : null,
});

@Injectable()
export class TypeormUsers extends Users {
  constructor(private readonly db: Database) {
    super();
  }

  private async one(sql: string, params: unknown[]): Promise<User | null> {
    const row = await this.db.one<UserRow>(sql, params);
    return row ? toUser(row) : null;
  }

  private async updated(sql: string, params: unknown[]): Promise<User> {
    const user = await this.one(sql, params);
    if (!user) throw notFound('User not found');
    return user;
  }

  findById(id: number) {
    return this.one(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  }

  async findBySessionId(sessionId: string) {
    return (await this.findSession(sessionId))?.user ?? null;
  }

  async findSession(sessionId: string): Promise<SignedIn | null> {
    type Row = UserRow & {
      s_id: number;
      s_created_at: Date;
      s_last_seen_at: Date;
      s_user_agent: string | null;
      s_network: string | null;
    };
    const [r] = await this.db.prepared<Row>('user-by-session-hash', USER_BY_SESSION_SQL, [sessionHash(sessionId)]);
    if (!r) return null;
    return {
      user: toUser(r),
      session: toSession({
        id: r.s_id,
        user_id: r.id,
        created_at: r.s_created_at,
        last_seen_at: r.s_last_seen_at,
        user_agent: r.s_user_agent,
        network: r.s_network,
      }),
    };
  }

  findByVerifiedEmail(email: string) {
    return this.one(
      `SELECT ${COLUMNS} FROM users WHERE email_verified AND lower(email) = lower($1) AND deleting_at IS NULL`,
      [email],
    );
  }

  async isUsernameTaken(username: string, exceptUserId?: number) {
    const rows = await this.db.rows(`SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2 LIMIT 1`, [
      username,
      exceptUserId ?? 0,
    ]);
    return rows.length > 0;
  }

  /**
   * Null when the sessionId or the name was taken meanwhile (a parallel first request): the caller
   * looks again. The user and its first session are one transaction, so neither is left alone.
   */
  async create(data: {
    sessionId: string;
    username: string;
    latitude?: number;
    longitude?: number;
    device: DeviceInfo;
  }) {
    const taken = new Error('taken');
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx.one<UserRow>(
          `INSERT INTO users (username, latitude, longitude) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
          [data.username, data.latitude ?? null, data.longitude ?? null],
        );
        if (!row) return null;
        const session = await tx.one(
          `INSERT INTO sessions (user_id, token_hash, user_agent, network) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING id`,
          [row.id, sessionHash(data.sessionId), data.device.userAgent, data.device.network],
        );
        if (!session) throw taken; // roll the user back too
        return toUser(row);
      });
    } catch (err) {
      if (err === taken) return null;
      throw err;
    }
  }

  async touchSession(id: number) {
    await this.db.prepared('session-touch', `UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [id]);
  }

  async listSessions(userId: number) {
    const rows = await this.db.rows<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE user_id = $1 ORDER BY last_seen_at DESC, id DESC`,
      [userId],
    );
    return rows.map(toSession);
  }

  async endSession(sessionId: string) {
    const [, n] = await this.db.write(`DELETE FROM sessions WHERE token_hash = $1`, [sessionHash(sessionId)]);
    return n > 0;
  }

  async endSessionById(userId: number, id: number) {
    const [, n] = await this.db.write(`DELETE FROM sessions WHERE id = $1 AND user_id = $2`, [id, userId]);
    return n > 0;
  }

  async endSessions(userId: number, keepId: number | null) {
    const [, n] = await this.db.write(`DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::int`, [
      userId,
      keepId,
    ]);
    return n;
  }

  async updateLocation(id: number, latitude: number, longitude: number) {
    return this.updated(`UPDATE users SET latitude = $2, longitude = $3 WHERE id = $1 RETURNING ${COLUMNS}`, [
      id,
      latitude,
      longitude,
    ]);
  }

  async updateProfile(id: number, changes: { username?: string; email?: string | null }) {
    try {
      // a new address must be proven again, so it starts unverified
      return await this.updated(
        `UPDATE users SET
           username = COALESCE($2::varchar, username),
           email_verified = CASE WHEN $4::boolean AND email IS DISTINCT FROM $3::varchar THEN false ELSE email_verified END,
           email = CASE WHEN $4::boolean THEN $3::varchar ELSE email END
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, changes.username ?? null, changes.email ?? null, changes.email !== undefined],
      );
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_ci')) throw conflict('Username is already taken');
      throw err;
    }
  }

  async markDeleting(id: number) {
    return this.db.transaction(async (tx) => {
      // system users (the import's owner, seeded voters) keep a marker in session_id: never theirs to delete
      const [, marked] = await tx.write(
        `UPDATE users SET deleting_at = now(), email = NULL, email_verified = false
          WHERE id = $1 AND deleting_at IS NULL AND session_id IS NULL`,
        [id],
      );
      if (!marked) {
        const r = await tx.one<{ deleting: boolean }>(
          `SELECT deleting_at IS NOT NULL AS deleting FROM users WHERE id = $1`,
          [id],
        );
        return !r ? ('missing' as const) : r.deleting ? ('deleting' as const) : ('system' as const);
      }
      await tx.write(`DELETE FROM sessions WHERE user_id = $1`, [id]);
      return 'marked' as const;
    });
  }

  async stillDeleting() {
    const rows = await this.db.rows<{ id: number }>(`SELECT id FROM users WHERE deleting_at IS NOT NULL ORDER BY id`);
    return rows.map((r) => r.id);
  }

  async deleteMarked(id: number, onDeleted: (tx: Transaction) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      // FOR UPDATE conflicts with the FOR KEY SHARE an insert's foreign key check takes on the
      // user: an upload or vote in flight commits first (the checks below see it), a later one waits
      // and then fails on the missing user
      const locked = await tx.one(`SELECT id FROM users WHERE id = $1 AND deleting_at IS NOT NULL FOR UPDATE`, [id]);
      if (!locked) return 'missing' as const;
      const left = await tx.one<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM media WHERE user_id = $1)
             OR EXISTS (SELECT 1 FROM votes WHERE user_id = $1)
             OR EXISTS (SELECT 1 FROM views WHERE user_id = $1)
             OR EXISTS (SELECT 1 FROM share_visits WHERE user_id = $1) AS any`,
        [id],
      );
      if (left!.any) return 'more' as const;
      // what is left goes by cascade (magic links, laps, share visits); reports they filed stay, without them
      await tx.write(`DELETE FROM users WHERE id = $1`, [id]);
      await onDeleted(tx);
      return 'gone' as const;
    });
  }
}
