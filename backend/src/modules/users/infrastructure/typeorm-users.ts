import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '../../../platform/domain-error.js';
import { isUniqueViolation } from '../../../platform/database/pg-errors.js';
import { Database } from '../../../platform/database/sql.js';
import type { User } from '../domain/user.js';
import { Users } from '../users.js';

interface UserRow {
  id: number;
  session_id: string;
  username: string;
  email: string | null;
  email_verified: boolean;
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  banned_at: Date | null;
}

const COLUMNS = 'id, session_id, username, email, email_verified, latitude, longitude, created_at, banned_at';

/**
 * Every visitor request starts with this lookup.
 * @public also run by the bench's bare vote server and pgbench (bench/vote-sql.ts, from dist)
 */
export const USER_BY_SESSION_SQL = `SELECT ${COLUMNS} FROM users WHERE session_id = $1`;

export const toUser = (r: UserRow): User => ({
  id: r.id,
  sessionId: r.session_id,
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
    const rows = await this.db.prepared<UserRow>(
      'user-by-session',
      `SELECT ${COLUMNS} FROM users WHERE session_id = $1`,
      [sessionId],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  findByVerifiedEmail(email: string) {
    return this.one(`SELECT ${COLUMNS} FROM users WHERE email_verified AND lower(email) = lower($1)`, [email]);
  }

  async isUsernameTaken(username: string, exceptUserId?: number) {
    const rows = await this.db.rows(`SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2 LIMIT 1`, [
      username,
      exceptUserId ?? 0,
    ]);
    return rows.length > 0;
  }

  /** Null when the sessionId or the name was taken meanwhile (a parallel first request): the caller looks again. */
  create(data: { sessionId: string; username: string; latitude?: number; longitude?: number }) {
    return this.one(
      `INSERT INTO users (session_id, username, latitude, longitude) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [data.sessionId, data.username, data.latitude ?? null, data.longitude ?? null],
    );
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
}
