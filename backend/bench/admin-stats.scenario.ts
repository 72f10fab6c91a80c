import type { BenchContext, Scenario } from './context.js';
import type { Measurement } from './measure.js';
import { fmtCount, fmtMs, fmtTimes } from './report.js';
import { adminBearer } from './admin-login.js';

/**
 * What the admin totals and the dashboard would cost if they counted the tables (as the stats
 * route did before the counters), beside the counter reads that replaced them.
 */
const COUNTED: Array<{ what: string; counted: string; counters: string }> = [
  {
    what: 'stats (users, media, votes, views)',
    counted: `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM media), (SELECT count(*) FROM votes), (SELECT count(*) FROM views)`,
    counters: `SELECT sum(users), sum(uploads), sum(votes), sum(views) FROM daily_counts`,
  },
  {
    what: 'users totals (all, active, saved)',
    counted: `SELECT count(*),
                     count(*) FILTER (WHERE EXISTS (SELECT 1 FROM media m WHERE m.user_id = u.id)
                                         OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = u.id)),
                     count(*) FILTER (WHERE email_verified)
                FROM users u`,
    counters: `SELECT sum(users), sum(active_users), sum(saved_accounts) FROM daily_counts`,
  },
  {
    what: 'daily series, 30 days (uploads, votes, users)',
    counted: `SELECT d, sum(a), sum(b), sum(c) FROM (
                SELECT (uploaded_at AT TIME ZONE 'UTC')::date AS d, 1 AS a, 0 AS b, 0 AS c FROM media WHERE uploaded_at > now() - interval '30 days'
                UNION ALL SELECT (voted_at AT TIME ZONE 'UTC')::date, 0, 1, 0 FROM votes WHERE voted_at > now() - interval '30 days'
                UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1 FROM users WHERE created_at > now() - interval '30 days') x
              GROUP BY d`,
    counters: `SELECT day, sum(uploads), sum(votes), sum(users) FROM daily_counts
                WHERE day > (now() AT TIME ZONE 'UTC')::date - 30 GROUP BY day`,
  },
];

const RUNS = 5;

async function medianMs(ctx: BenchContext, sql: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await ctx.db.query(sql);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** The counters must equal the tables at bench scale too (the seed writes a million votes in one statement). */
async function checkCounters(ctx: BenchContext, authorization: string): Promise<string> {
  const { rows } = await ctx.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM users) AS "totalUsers", (SELECT count(*)::int FROM media) AS "totalMedia",
            (SELECT count(*)::int FROM votes) AS "totalVotes", (SELECT count(*)::int FROM views) AS "totalViews"`,
  );
  const res = await fetch(`${ctx.baseUrl}/api/admin/stats`, { headers: { authorization } });
  const stats = (await res.json()) as Record<string, number>;
  if (JSON.stringify(stats) !== JSON.stringify(rows[0]))
    throw new Error(
      `GET /api/admin/stats answered ${JSON.stringify(stats)}, the tables hold ${JSON.stringify(rows[0])}`,
    );
  return `GET /api/admin/stats equals count(*) of the tables: ${Object.entries(stats)
    .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
    .join(', ')}`;
}

export const adminStats: Scenario = {
  name: 'admin-stats',
  description:
    'GET /api/admin/stats, stats/daily, media/totals, users/totals (database counters) next to the count(*) queries they replace',
  async run(ctx: BenchContext) {
    const authorization = await adminBearer(ctx);
    const check = await checkCounters(ctx, authorization);

    const scale = `${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes`;
    const measured: Measurement[] = [];
    for (const path of [
      '/api/admin/stats',
      '/api/admin/stats/daily?days=30',
      '/api/admin/media/totals',
      '/api/admin/users/totals',
      '/api/admin/media?range=[0,23]',
      '/api/admin/users?range=[0,23]',
    ]) {
      measured.push(
        await ctx.measure({ name: `GET ${path} · ${scale}`, path, headers: { authorization }, expect: [200] }),
      );
    }
    ctx.report([ctx.health, ...measured], `Admin totals from counters · ${scale}`);

    const rows = [];
    for (const q of COUNTED) {
      const counted = await medianMs(ctx, q.counted);
      const counters = await medianMs(ctx, q.counters);
      rows.push({
        query: q.what,
        'count(*) over the tables ms': fmtMs(counted),
        'daily_counts ms': fmtMs(counters),
        'count(*) / counters': fmtTimes(counted / counters),
      });
    }
    ctx.report(rows, `The same figures in SQL, median of ${RUNS} sequential runs · ${scale}`);
    console.log(`Check: ${check}`);
  },
};
