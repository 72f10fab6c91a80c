import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isForeignKeyViolation } from '../../../platform/database/pg-errors.js';
import { preparedQuery } from '../../../platform/database/prepared-query.js';
import { type CastVoteResult, VoteRepository } from '../vote.repository.js';

/**
 * One statement is one transaction: the vote row and the counters can never disagree, and the
 * primary key (user_id, media_id) settles a double click, whichever request lands first.
 * $1 user id, $2 media id, $3 is hot. Exported for the bench's pgbench run of the same SQL.
 */
export const CAST_VOTE_SQL = `WITH target AS (
       SELECT id, user_id FROM media WHERE id = $2
     ), ins AS (
       INSERT INTO votes (user_id, media_id, is_hot)
       SELECT $1, id, $3::boolean FROM target WHERE user_id <> $1
       ON CONFLICT (user_id, media_id) DO NOTHING
       RETURNING media_id
     ), tallied AS (
       UPDATE media
          SET total_votes = total_votes + 1, hot_votes = hot_votes + CASE WHEN $3::boolean THEN 1 ELSE 0 END
        WHERE id IN (SELECT media_id FROM ins)
       RETURNING total_votes, hot_votes
     )
     SELECT t.user_id AS owner_id, v.total_votes, v.hot_votes
       FROM (SELECT 1) AS one
       LEFT JOIN target t ON true
       LEFT JOIN tallied v ON true`;

@Injectable()
export class TypeormVoteRepository extends VoteRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async cast(userId: number, mediaId: number, isHot: boolean): Promise<CastVoteResult> {
    let rows: Array<{ owner_id: number | null; total_votes: number | null; hot_votes: number | null }>;
    try {
      // a prepared statement: parsed and planned once per connection, the hot path stays execute-only
      rows = await preparedQuery(this.db, 'vote-cast', CAST_VOTE_SQL, [userId, mediaId, isHot]);
    } catch (err) {
      if (isForeignKeyViolation(err)) return { kind: 'media-not-found' }; // deleted meanwhile
      throw err;
    }
    const r = rows[0];
    if (!r || r.owner_id === null) return { kind: 'media-not-found' };
    if (r.owner_id === userId) return { kind: 'own-media' };
    if (r.total_votes === null) return { kind: 'already-voted' };
    return { kind: 'recorded', totalVotes: r.total_votes, hotVotes: r.hot_votes ?? 0 };
  }
}
