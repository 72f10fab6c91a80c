import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/sql.js';
import type { ExportUpload, ExportVote } from '../domain/export-files.js';
import { DataExportRepository, type Page, type PageCursor } from '../data-export.repository.js';

interface VoteRow {
  media_id: number;
  is_hot: boolean;
  voted_at: Date;
}

interface UploadRow {
  id: number;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size: string | number;
  uploaded_at: Date;
  total_views: number;
  total_votes: number;
  hot_votes: number;
  under_review: boolean;
  /** uploaded_at as PostgreSQL prints it: a JS Date would drop the microseconds the keyset compares */
  at_text: string;
}

/**
 * Keyset pages over the votes primary key (user_id, media_id) and over media_user_uploaded
 * (user_id, uploaded_at DESC) with id breaking ties.
 */
@Injectable()
export class TypeormDataExportRepository extends DataExportRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async votesPage(userId: number, after: PageCursor, limit: number): Promise<Page<ExportVote>> {
    const rows = await this.db.rows<VoteRow>(
      `SELECT media_id, is_hot, voted_at FROM votes
        WHERE user_id = $1 AND media_id > $2 ORDER BY media_id LIMIT $3`,
      [userId, after === null ? 0 : Number(after), limit],
    );
    return {
      rows: rows.map((r) => ({ mediaId: r.media_id, hot: r.is_hot, votedAt: new Date(r.voted_at) })),
      next: rows.length === limit ? String(rows[rows.length - 1]!.media_id) : null,
    };
  }

  async uploadsPage(userId: number, after: PageCursor, limit: number): Promise<Page<ExportUpload>> {
    const keyset = after === null ? '' : `AND (uploaded_at, id) < ($3::timestamptz, $4::int)`;
    const params: unknown[] = [userId, limit];
    if (after !== null) params.push(...(JSON.parse(after) as [string, number]));
    // under_review as My Stats says it (listByUser): hidden by reports, no operator decision yet
    const rows = await this.db.rows<UploadRow>(
      `SELECT id, storage_key, original_name, mime_type, size, uploaded_at, total_views, total_votes, hot_votes,
              uploaded_at::text AS at_text,
              hidden AND EXISTS (SELECT 1 FROM moderation mo
                                  WHERE mo.media_id = media.id AND mo.status = 'open' AND mo.hidden_by_reports) AS under_review
         FROM media
        WHERE user_id = $1 ${keyset}
        ORDER BY uploaded_at DESC, id DESC LIMIT $2`,
      params,
    );
    const last = rows[rows.length - 1];
    return {
      rows: rows.map((r) => ({
        id: r.id,
        storageKey: r.storage_key,
        originalName: r.original_name,
        mimeType: r.mime_type,
        size: Number(r.size),
        uploadedAt: new Date(r.uploaded_at),
        totalViews: r.total_views,
        totalVotes: r.total_votes,
        hotVotes: r.hot_votes,
        underReview: r.under_review,
      })),
      next: rows.length === limit && last ? JSON.stringify([last.at_text, last.id]) : null,
    };
  }
}
