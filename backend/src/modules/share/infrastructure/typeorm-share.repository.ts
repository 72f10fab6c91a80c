import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import type { ShareLink, ShareVisitKind } from '../domain/share-link.js';
import { ShareRepository } from '../share.repository.js';

interface ShareRow {
  share_id: string;
  media_id: number;
  user_id: number;
  enabled: boolean;
  indexable: boolean;
  views: number;
  votes: number;
  created_at: Date;
}

const COLUMNS = 'share_id, media_id, user_id, enabled, indexable, views, votes, created_at';

const toLink = (r: ShareRow): ShareLink => ({
  shareId: r.share_id,
  mediaId: r.media_id,
  userId: r.user_id,
  enabled: r.enabled,
  indexable: r.indexable,
  views: r.views,
  votes: r.votes,
  createdAt: new Date(r.created_at),
});

@Injectable()
export class TypeormShareRepository extends ShareRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async findOrCreate(mediaId: number, userId: number, shareId: string): Promise<ShareLink> {
    // the no-op update makes RETURNING give the existing row when the item already has a link
    const row = await this.db.one<ShareRow>(
      `INSERT INTO share_links (share_id, media_id, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (media_id) DO UPDATE SET media_id = EXCLUDED.media_id
       RETURNING ${COLUMNS}`,
      [shareId, mediaId, userId],
    );
    return toLink(row!);
  }

  async findByShareId(shareId: string): Promise<ShareLink | null> {
    const row = await this.db.one<ShareRow>(`SELECT ${COLUMNS} FROM share_links WHERE share_id = $1`, [shareId]);
    return row ? toLink(row) : null;
  }

  async listByUser(userId: number): Promise<ShareLink[]> {
    const rows = await this.db.rows<ShareRow>(
      `SELECT ${COLUMNS} FROM share_links WHERE user_id = $1 ORDER BY media_id`,
      [userId],
    );
    return rows.map(toLink);
  }

  async update(
    shareId: string,
    userId: number,
    change: { enabled?: boolean; indexable?: boolean },
  ): Promise<ShareLink | null> {
    const row = await this.db.one<ShareRow>(
      `UPDATE share_links SET enabled = coalesce($3, enabled), indexable = coalesce($4, indexable)
       WHERE share_id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [shareId, userId, change.enabled ?? null, change.indexable ?? null],
    );
    return row ? toLink(row) : null;
  }

  async hasVoted(userId: number, mediaId: number): Promise<boolean> {
    const rows = await this.db.rows(`SELECT 1 FROM votes WHERE user_id = $1 AND media_id = $2`, [userId, mediaId]);
    return rows.length > 0;
  }

  async countVisit(shareId: string, userId: number, kind: ShareVisitKind): Promise<boolean> {
    // one statement: the visit row and the link's counter never disagree
    const column = kind === 'view' ? 'views' : 'votes';
    const rows = await this.db.rows<{ counted: number }>(
      `WITH link AS (
         SELECT s.id, s.media_id FROM share_links s JOIN media m ON m.id = s.media_id
         WHERE s.share_id = $1 AND s.enabled AND s.user_id <> $2 AND NOT m.hidden
       ), ins AS (
         INSERT INTO share_visits (share_link_id, user_id, kind)
         SELECT link.id, $2, $3 FROM link
         WHERE $3 = 'view' OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = $2 AND v.media_id = link.media_id)
         ON CONFLICT DO NOTHING RETURNING share_link_id
       ), bumped AS (
         UPDATE share_links SET ${column} = ${column} + 1 WHERE id IN (SELECT share_link_id FROM ins) RETURNING id
       )
       SELECT count(*)::int AS counted FROM bumped`,
      [shareId, userId, kind],
    );
    return (rows[0]?.counted ?? 0) > 0;
  }
}
