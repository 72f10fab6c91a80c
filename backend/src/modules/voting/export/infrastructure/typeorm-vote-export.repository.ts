import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/sql.js';
import { type VoteBatch, VoteExportRepository, type VoteKey } from '../vote-export.repository.js';

interface Row {
  user_ids: number[] | null;
  media_ids: number[] | null;
  hot: boolean[] | null;
  voted_ms: number[] | null;
}

// one row of four arrays per batch: parsing thousands of row objects is what would fill the heap
const AGGREGATE = `SELECT array_agg(user_id ORDER BY user_id, media_id) AS user_ids,
                          array_agg(media_id ORDER BY user_id, media_id) AS media_ids,
                          array_agg(is_hot ORDER BY user_id, media_id) AS hot,
                          array_agg(voted_ms ORDER BY user_id, media_id) AS voted_ms`;
const COLUMNS = `user_id, media_id, is_hot, (extract(epoch FROM voted_at) * 1000)::float8 AS voted_ms`;

/**
 * Keyset pagination over the votes primary key (user_id, media_id): the same on PostgreSQL and
 * PGlite, no connection held between batches (PGlite has only one), memory bounded by the batch.
 */
@Injectable()
export class TypeormVoteExportRepository extends VoteExportRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async batchAfter(after: VoteKey | null, limit: number): Promise<VoteBatch> {
    const r = after
      ? await this.db.one<Row>(
          `${AGGREGATE} FROM (SELECT ${COLUMNS} FROM votes WHERE (user_id, media_id) > ($1, $2) ORDER BY user_id, media_id LIMIT $3) b`,
          [after.userId, after.mediaId, limit],
        )
      : await this.db.one<Row>(
          `${AGGREGATE} FROM (SELECT ${COLUMNS} FROM votes ORDER BY user_id, media_id LIMIT $1) b`,
          [limit],
        );
    const hot = r?.hot ?? [];
    return {
      userIds: Int32Array.from(r?.user_ids ?? []),
      mediaIds: Int32Array.from(r?.media_ids ?? []),
      hot: Uint8Array.from(hot, (h) => (h ? 1 : 0)),
      votedAt: Float64Array.from(r?.voted_ms ?? [], Number),
    };
  }
}
