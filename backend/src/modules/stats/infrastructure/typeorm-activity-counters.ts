import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityCounters, type DailyCount, type Totals } from '../activity-counters.js';
import { COUNTER_TOTALS_SQL, toTotals } from '../counter-totals.js';

const SETTLE_BATCH = 5000;

@Injectable()
export class TypeormActivityCounters extends ActivityCounters {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async totals(): Promise<Totals> {
    await this.settle();
    const [r] = await this.db.query(COUNTER_TOTALS_SQL);
    return toTotals(r);
  }

  async settle(): Promise<void> {
    // batches of SETTLE_BATCH users; an empty queue costs one index look-up
    for (;;) {
      const [{ n }] = await this.db.query(`SELECT counts_settle($1) AS n`, [SETTLE_BATCH]);
      if (Number(n) < SETTLE_BATCH) return;
    }
  }

  async daily(days: number): Promise<DailyCount[]> {
    // today is the database's UTC day, the same clock the triggers book by
    const rows: Array<{ day: string; uploads: string; votes: string; users: string }> = await this.db.query(
      `WITH span AS (SELECT counts_utc_day(now()) AS last)
       SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(sum(c.uploads), 0)::bigint AS uploads,
              coalesce(sum(c.votes), 0)::bigint AS votes, coalesce(sum(c.users), 0)::bigint AS users
         FROM span, generate_series(span.last - ($1::int - 1), span.last, interval '1 day') AS g(day)
         LEFT JOIN daily_counts c ON c.day = g.day::date
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
