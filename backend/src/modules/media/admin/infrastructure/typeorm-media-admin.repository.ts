import { Injectable } from '@nestjs/common';
import { listTotal } from '../../../../platform/database/list-total.js';
import { Database } from '../../../../platform/database/sql.js';
import { Where } from '../../../../platform/database/where.js';
import { containsPattern } from '../../../../platform/http/simple-rest.js';
import { mediaUrl } from '../../domain/media.js';
import type { Renditions, RenditionsState } from '../../domain/renditions.js';
import { deliveryFields } from '../../dto/media-delivery.dto.js';
import {
  type AdminMediaRow,
  MediaAdminRepository,
  type MediaListCriteria,
  type MediaSortField,
} from '../media-admin.repository.js';

interface Row {
  id: number;
  storage_key: string;
  mime_type: string;
  original_name: string;
  size: string | number;
  user_id: number;
  username: string;
  uploaded_at: Date;
  hot_votes: number;
  total_votes: number;
  total_views: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  renditions: Renditions | null;
  renditions_state: RenditionsState;
  renditions_error: string | null;
}

const toRow = (r: Row): AdminMediaRow => ({
  id: r.id,
  url: mediaUrl(r.storage_key),
  mimeType: r.mime_type,
  originalName: r.original_name,
  size: Number(r.size),
  userId: r.user_id,
  username: r.username,
  uploadedAt: new Date(r.uploaded_at),
  hotVotes: r.hot_votes,
  notVotes: r.total_votes - r.hot_votes,
  totalVotes: r.total_votes,
  totalViews: r.total_views,
  delivery: deliveryFields(r),
  renditionsState: r.renditions_state,
  // an error stays on the row only while it is 'failed' (a new make clears it)
  renditionsError: r.renditions_state === 'failed' ? r.renditions_error : null,
});

/** Whitelisted sort expressions; the id tiebreak keeps pages stable. */
const ORDER: Record<MediaSortField, string | ((order: string) => string)> = {
  id: 'm.id',
  uploadedAt: 'm.uploaded_at',
  originalName: 'lower(m.original_name)',
  username: 'lower(u.username)',
  mimeType: 'm.mime_type',
  size: 'm.size',
  hotVotes: 'm.hot_votes',
  notVotes: '(m.total_votes - m.hot_votes)',
  totalVotes: 'm.total_votes',
  totalViews: 'm.total_views',
  hotPercentage: (order) => `m.hot_votes::float8 / nullif(m.total_votes, 0) ${order} NULLS LAST`,
  hotScore: 'hot_score(m.hot_votes, m.total_votes)',
};

const orderBy = (field: MediaSortField, order: string): string => {
  const o = ORDER[field];
  return `${typeof o === 'function' ? o(order) : `${o} ${order}`}, m.id ${order}`;
};

/** Up to this many uploaders matching a search go into the query as values (see list()). */
const UPLOADERS_AS_VALUES = 100;

const SELECT = `SELECT m.id, m.storage_key, m.mime_type, m.original_name, m.size, m.user_id, u.username, m.uploaded_at,
                       m.hot_votes, m.total_votes, m.total_views, m.width, m.height, m.placeholder, m.renditions,
                       m.renditions_state, m.renditions_error
                  FROM media m JOIN users u ON u.id = m.user_id`;

@Injectable()
export class TypeormMediaAdminRepository extends MediaAdminRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async list(c: MediaListCriteria, knownTotal?: number) {
    const where = new Where();
    if (c.q) {
      const pattern = containsPattern(c.q);
      // the matching uploaders first: none or a few go in as values, so the planner knows how few
      // (a subquery's array it guesses at 10,000 media and walks the whole date index instead,
      // 2.5 s at 1M) and each side of the OR has its index: the trigram index on file names, media's
      // user index. Many (a common word) stay a subquery: planning over a 30,000-value array took 0.5 s
      const uploaders = (
        await this.db.rows<{ id: number }>(
          `SELECT id FROM users WHERE username ILIKE $1 LIMIT ${UPLOADERS_AS_VALUES + 1}`,
          [pattern],
        )
      ).map((u) => u.id);
      const p = where.param(pattern);
      where.and(
        uploaders.length === 0
          ? `m.original_name ILIKE ${p}`
          : uploaders.length <= UPLOADERS_AS_VALUES
            ? `(m.original_name ILIKE ${p} OR m.user_id = ANY(${where.param(uploaders)}::int[]))`
            : `(m.original_name ILIKE ${p} OR m.user_id IN (SELECT id FROM users WHERE username ILIKE ${p}))`,
      );
    }
    if (c.type) where.and(`m.mime_type LIKE ${where.param(`${c.type}/%`)}`);
    if (c.ids) where.and(`m.id = ANY(${where.param(c.ids)}::int[])`);
    if (c.userId !== undefined) where.and(`m.user_id = ${where.param(c.userId)}`);
    const { total, estimated } =
      knownTotal === undefined
        ? await listTotal(this.db, `FROM media m ${where.sql}`, where.params)
        : { total: knownTotal, estimated: false };
    // the page's ids from media alone (users joined only to sort by username), then its rows:
    // an offset of 500,000 walks index entries instead of joining 500,000 rows to their uploaders
    const order = orderBy(c.sort.field, c.sort.order);
    const users = c.sort.field === 'username' ? 'JOIN users u ON u.id = m.user_id' : '';
    const rows = await this.db.rows<Row>(
      `${SELECT} WHERE m.id IN (
         SELECT m.id FROM media m ${users} ${where.sql} ORDER BY ${order}
          LIMIT ${where.param(c.limit)} OFFSET ${where.param(c.offset)})
        ORDER BY ${order}`,
      where.params,
    );
    return { rows: rows.map(toRow), total, totalEstimated: estimated };
  }

  async findRow(id: number) {
    const row = await this.db.one<Row>(`${SELECT} WHERE m.id = $1`, [id]);
    return row ? toRow(row) : null;
  }
}
