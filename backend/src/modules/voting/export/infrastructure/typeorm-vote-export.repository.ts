import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type ExportVote, VoteExportRepository, type VoteKey } from '../vote-export.repository.js';

interface Row {
  user_id: number;
  media_id: number;
  is_hot: boolean;
  voted_ms: number;
}

// epoch milliseconds as float8: a plain number is far cheaper to read than a timestamp string
const COLUMNS = `user_id, media_id, is_hot, (extract(epoch FROM voted_at) * 1000)::float8 AS voted_ms`;

/**
 * Keyset pagination over the votes primary key (user_id, media_id): the same on PostgreSQL and
 * PGlite, no connection held between batches (PGlite has only one), memory bounded by the batch.
 */
@Injectable()
export class TypeormVoteExportRepository extends VoteExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async batchAfter(after: VoteKey | null, limit: number): Promise<ExportVote[]> {
    const rows: Row[] = after
      ? await this.db.query(
          `SELECT ${COLUMNS} FROM votes WHERE (user_id, media_id) > ($1, $2) ORDER BY user_id, media_id LIMIT $3`,
          [after.userId, after.mediaId, limit],
        )
      : await this.db.query(`SELECT ${COLUMNS} FROM votes ORDER BY user_id, media_id LIMIT $1`, [limit]);
    return rows.map((r) => ({ userId: r.user_id, mediaId: r.media_id, isHot: r.is_hot, votedAt: new Date(Number(r.voted_ms)) }));
  }
}
