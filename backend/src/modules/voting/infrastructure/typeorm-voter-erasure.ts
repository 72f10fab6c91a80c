import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import { type ErasedVotes, VoterErasure } from '../voter-erasure.js';
import { WITHDRAW_TALLIES } from './withdraw-tallies.sql.js';

@Injectable()
export class TypeormVoterErasure extends VoterErasure {
  constructor(private readonly db: Database) {
    super();
  }

  async eraseBatch(userId: number, limit: number): Promise<ErasedVotes> {
    // each batch is whole or nothing: a kill between batches leaves only untouched votes, so a
    // rerun takes off exactly what is still there
    const [row] = await this.db.rows<{ votes: number; views: number }>(
      `WITH dv AS (
         DELETE FROM votes WHERE user_id = $1
            AND media_id IN (SELECT media_id FROM votes WHERE user_id = $1 ORDER BY media_id LIMIT $2)
         RETURNING media_id, is_hot
       ),
       dw AS (
         DELETE FROM views WHERE user_id = $1
            AND media_id IN (SELECT media_id FROM views WHERE user_id = $1 ORDER BY media_id LIMIT $2)
         RETURNING media_id
       ),
       ${WITHDRAW_TALLIES}
       SELECT (SELECT count(*) FROM dv)::int AS votes, (SELECT count(*) FROM dw)::int AS views,
              (SELECT count(*) FROM tallies)::int AS media`,
      [userId, limit],
    );
    return { votes: row!.votes, views: row!.views };
  }

  async votesOf(userId: number): Promise<number> {
    const row = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM votes WHERE user_id = $1`, [userId]);
    return row!.n;
  }
}
