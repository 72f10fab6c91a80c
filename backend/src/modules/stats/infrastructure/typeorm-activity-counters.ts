import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import { ActivityCounters, type DailyCount, type Totals } from '../activity-counters.js';
import { COUNTER_TOTALS_SQL, SEEDED_TOTALS_SQL, toTotals } from '../counter-totals.js';

const SETTLE_BATCH = 5000;

@Injectable()
export class TypeormActivityCounters extends ActivityCounters {
  constructor(private readonly db: Database) {
    super();
  }

  async totals(): Promise<Totals> {
    await this.settle();
    const r = await this.db.one<Parameters<typeof toTotals>[0]>(COUNTER_TOTALS_SQL);
    const seeded = await this.db.one<{ seededUsers: number; seededActiveUsers: number }>(SEEDED_TOTALS_SQL);
    return { ...toTotals(r!), seededUsers: seeded!.seededUsers, seededActiveUsers: seeded!.seededActiveUsers };
  }

  async settle(): Promise<void> {
    // batches of SETTLE_BATCH users; an empty queue costs one index look-up
    for (;;) {
      const [{ n }] = await this.db.rows<{ n: string }>(`SELECT counts_settle($1) AS n`, [SETTLE_BATCH]);
      if (Number(n) < SETTLE_BATCH) return;
    }
  }

  async daily(days: number): Promise<DailyCount[]> {
    // today is the database's UTC day, the same clock the triggers book by; new users leave out
    // the population's fake ones (counted from the users_seeded partial index over the span)
    const rows: Array<{ day: string; uploads: string; votes: string; users: string }> = await this.db.rows(
      `WITH span AS (SELECT counts_utc_day(now()) AS last),
       seeded AS (
         SELECT counts_utc_day(u.created_at) AS day, count(*) AS n
           FROM span, users u
          WHERE u.is_seeded AND u.created_at >= ((span.last - ($1::int - 1))::timestamp AT TIME ZONE 'UTC')
          GROUP BY 1
       )
       SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(sum(c.uploads), 0)::bigint AS uploads,
              coalesce(sum(c.votes), 0)::bigint AS votes,
              (coalesce(sum(c.users), 0) - coalesce(min(s.n), 0))::bigint AS users
         FROM span, generate_series(span.last - ($1::int - 1), span.last, interval '1 day') AS g(day)
         LEFT JOIN daily_counts c ON c.day = g.day::date
         LEFT JOIN seeded s ON s.day = g.day::date
        GROUP BY g.day ORDER BY g.day`,
      [days],
    );
    return rows.map((r) => ({
      day: r.day,
      uploads: Number(r.uploads),
      votes: Number(r.votes),
      users: Number(r.users),
    }));
  }
}
