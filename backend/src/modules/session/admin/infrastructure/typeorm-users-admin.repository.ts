import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { containsPattern } from '../../../../platform/http/simple-rest.js';
import {
  type AdminUserRow,
  type UserListCriteria,
  type UserSortField,
  UsersAdminRepository,
} from '../users-admin.repository.js';

interface Row {
  id: number;
  username: string;
  email: string | null;
  email_verified: boolean;
  latitude: number | null;
  longitude: number | null;
  total_uploads: number;
  total_votes: number;
  total_views: number;
  created_at: Date;
  banned_at: Date | null;
}

const toRow = (r: Row): AdminUserRow => ({
  id: r.id,
  username: r.username,
  email: r.email,
  emailVerified: r.email_verified,
  latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude),
  totalUploads: Number(r.total_uploads),
  totalVotes: Number(r.total_votes),
  totalViews: Number(r.total_views),
  createdAt: new Date(r.created_at),
  bannedAt: r.banned_at ? new Date(r.banned_at) : null,
});

const ORDER: Record<UserSortField, string> = {
  id: 'id',
  username: 'lower(username)',
  email: 'lower(email)',
  createdAt: 'created_at',
  totalUploads: 'total_uploads',
  totalVotes: 'total_votes',
  totalViews: 'total_views',
};

// per-user counts through the (user_id, ...) indexes: cheap for a page, acceptable when sorted by them
const COUNTS = `(SELECT count(*) FROM media m WHERE m.user_id = u.id)::int AS total_uploads,
                (SELECT count(*) FROM votes v WHERE v.user_id = u.id)::int AS total_votes,
                (SELECT count(*) FROM views w WHERE w.user_id = u.id)::int AS total_views`;
// users.active is kept by the counting triggers of media and votes (the caller settles pending rechecks first)
const ACTIVE = `u.active`;
const COLUMNS = 'u.id, u.username, u.email, u.email_verified, u.latitude, u.longitude, u.created_at, u.banned_at';

@Injectable()
export class TypeormUsersAdminRepository extends UsersAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async list(c: UserListCriteria, knownTotal?: number) {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    if (c.q) {
      const p = param(containsPattern(c.q));
      where.push(`(u.username ILIKE ${p} OR u.email ILIKE ${p})`);
    }
    if (c.active !== undefined) where.push(c.active ? ACTIVE : `NOT ${ACTIVE}`);
    if (c.banned !== undefined) where.push(c.banned ? 'u.banned_at IS NOT NULL' : 'u.banned_at IS NULL');
    if (c.ids) where.push(`u.id = ANY(${param(c.ids)}::int[])`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total =
      knownTotal ?? (await this.db.query(`SELECT count(*)::int AS total FROM users u ${whereSql}`, params))[0].total;
    // sorting by a column of users first narrows to the page, so counts are computed for it only
    const byCount = c.sort.field.startsWith('total');
    const order = `${ORDER[c.sort.field]} ${c.sort.order} NULLS LAST, id ${c.sort.order}`;
    const limit = param(c.limit);
    const offset = param(c.offset);
    const sql = byCount
      ? `SELECT * FROM (SELECT ${COLUMNS}, ${COUNTS} FROM users u ${whereSql}) x ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
      : `SELECT p.*, ${COUNTS.replaceAll('u.id', 'p.id')} FROM (SELECT ${COLUMNS} FROM users u ${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p ORDER BY ${order}`;
    const rows: Row[] = await this.db.query(sql, params);
    return { rows: rows.map(toRow), total: Number(total) };
  }

  async findRow(id: number) {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS}, ${COUNTS} FROM users u WHERE u.id = $1`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }
}
