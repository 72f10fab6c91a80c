import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import { ShareVisitsErasure } from '../share-visits-erasure.js';

@Injectable()
export class TypeormShareVisitsErasure extends ShareVisitsErasure {
  constructor(private readonly db: Database) {
    super();
  }

  async eraseVisitsOf(userId: number): Promise<number> {
    const [row] = await this.db.rows<{ n: number }>(
      `WITH gone AS (DELETE FROM share_visits WHERE user_id = $1 RETURNING share_link_id, kind),
       per AS (
         SELECT share_link_id, count(*) FILTER (WHERE kind = 'view')::int AS views,
                count(*) FILTER (WHERE kind = 'vote')::int AS votes
           FROM gone GROUP BY share_link_id
       ),
       counted AS (
         UPDATE share_links l SET views = l.views - per.views, votes = l.votes - per.votes
           FROM per WHERE l.id = per.share_link_id RETURNING l.id
       )
       SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM counted)::int AS links`,
      [userId],
    );
    return row!.n;
  }
}
