import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/sql.js';
import { Where } from '../../../../platform/database/where.js';
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
  is_seeded: boolean;
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
  seeded: r.is_seeded,
});

const ORDER: Record<UserSortField, string> = {
  id: 'id',
  username: 'lower(username)',
  email: 'lower(email)',
  createdAt: 'created_at',
  // the counters on the users row (kept by counts_votes() and counts_media(), in the statement
  // that writes the votes or media): a sort over 40k rows instead of counting 10M votes
  totalUploads: 'uploads',
  totalVotes: 'votes_cast',
  totalViews: 'total_views',
};

// views are counted per user through views' (user_id, ...) index: cheap for a page, acceptable when sorted by them
const counts = (user: string) => `${user}.uploads AS total_uploads, ${user}.votes_cast AS total_votes,
                (SELECT count(*) FROM views w WHERE w.user_id = ${user}.id)::int AS total_views`;
// users.active is kept by the counting triggers of media and votes (the caller settles pending rechecks first)
const ACTIVE = `u.active`;
const COLUMNS =
  'u.id, u.username, u.email, u.email_verified, u.latitude, u.longitude, u.created_at, u.banned_at, u.is_seeded, u.uploads, u.votes_cast';

@Injectable()
export class TypeormUsersAdminRepository extends UsersAdminRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async list(c: UserListCriteria, knownTotal?: number) {
    const where = new Where();
    if (c.q) {
      const p = where.param(containsPattern(c.q));
      where.and(`(u.username ILIKE ${p} OR u.email ILIKE ${p})`);
    }
    if (c.active !== undefined) where.and(c.active ? ACTIVE : `NOT ${ACTIVE}`);
    if (c.banned !== undefined) where.and(c.banned ? 'u.banned_at IS NOT NULL' : 'u.banned_at IS NULL');
    if (c.seeded !== undefined) where.and(c.seeded ? 'u.is_seeded' : 'NOT u.is_seeded');
    if (c.ids) where.and(`u.id = ANY(${where.param(c.ids)}::int[])`);
    const total =
      knownTotal ??
      (await this.db.one<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where.sql}`, where.params))!
        .total;
    // sorting by a column of users first narrows to the page, so views are counted for it only
    const byCount = c.sort.field === 'totalViews';
    const order = `${ORDER[c.sort.field]} ${c.sort.order} NULLS LAST, id ${c.sort.order}`;
    const limit = where.param(c.limit);
    const offset = where.param(c.offset);
    const sql = byCount
      ? `SELECT * FROM (SELECT ${COLUMNS}, ${counts('u')} FROM users u ${where.sql}) x ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
      : `SELECT p.*, ${counts('p')} FROM (SELECT ${COLUMNS} FROM users u ${where.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p ORDER BY ${order}`;
    const rows = await this.db.rows<Row>(sql, where.params);
    return { rows: rows.map(toRow), total: Number(total) };
  }

  async findRow(id: number) {
    const row = await this.db.one<Row>(`SELECT ${COLUMNS}, ${counts('u')} FROM users u WHERE u.id = $1`, [id]);
    return row ? toRow(row) : null;
  }
}
