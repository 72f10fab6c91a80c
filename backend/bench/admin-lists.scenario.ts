import type { BenchContext, Scenario } from './context.js';
import { fmtCount, fmtMs } from './report.js';
import { adminBearer } from './admin-login.js';

/** Sequential runs per row after one warm-up request: the median of these is the figure. */
const RUNS = 3;
/** What issue 28 item 7 asks of every row. */
const BUDGET_MS = 300;

interface Row {
  what: string;
  path: string;
  /** POST this JSON body (a vote) instead of a GET */
  body?: (run: number) => object;
  /** the answers this row expects (200 unless said) */
  expect?: number[];
  /** another session than the admin's (a visitor's own page) */
  cookie?: string;
  /** the answer must say its total is an estimate (true) or exact (false) */
  estimated?: boolean;
}

const list = (resource: string, sort: [string, string], range: [number, number], filter: object = {}) =>
  `/api/admin/${resource}?sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(
    JSON.stringify(range),
  )}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

const PAGE: [number, number] = [0, 23];
/** The moderation queue's default order (most reported first). */
const MODERATION_SORT: [string, string] = ['reports', 'DESC'];

/** The operator's lists of issue 28's table, in its order, plus the totals and a visitor's My Stats. */
async function rows(ctx: BenchContext): Promise<Row[]> {
  const { rows: users } = await ctx.db.query<{ id: number; session_id: string }>(
    `SELECT id, session_id FROM users WHERE username = 'benchUploader1'`,
  );
  const uploader = users[0]!;
  const middle = Math.floor(ctx.seed.media / 2);
  // part of a file name, as an operator would type it: in 111 of the seed's names at 1M media
  const name = 'bench-12345';
  return [
    { what: 'Media, newest first, page 1', path: list('media', ['uploadedAt', 'DESC'], PAGE) },
    {
      what: `Media, newest first, page at offset ${middle.toLocaleString('en-US')}`,
      path: list('media', ['uploadedAt', 'DESC'], [middle, middle + 23]),
    },
    { what: 'Media sorted by hot score (Wilson)', path: list('media', ['hotScore', 'DESC'], PAGE) },
    { what: 'Media sorted by total votes', path: list('media', ['totalVotes', 'DESC'], PAGE) },
    { what: 'Media sorted by username', path: list('media', ['username', 'ASC'], PAGE) },
    {
      what: `Media search q by file name ("${name}")`,
      path: list('media', ['uploadedAt', 'DESC'], PAGE, { q: name }),
      estimated: false,
    },
    {
      what: 'Media search q matching every item ("bench"): estimated total',
      path: list('media', ['uploadedAt', 'DESC'], PAGE, { q: 'bench' }),
      estimated: true,
    },
    { what: 'Media of one uploader', path: list('media', ['uploadedAt', 'DESC'], PAGE, { userId: uploader.id }) },
    { what: 'Users sorted by votes cast', path: list('users', ['totalVotes', 'DESC'], PAGE) },
    { what: 'Users sorted by uploads', path: list('users', ['totalUploads', 'DESC'], PAGE) },
    { what: 'totals: media', path: '/api/admin/media/totals' },
    { what: 'totals: users', path: '/api/admin/users/totals' },
    { what: 'dashboard stats', path: '/api/admin/stats' },
    { what: 'daily stats, 30 days', path: '/api/admin/stats/daily?days=30' },
    { what: 'moderation queue', path: list('moderation', MODERATION_SORT, PAGE) },
    {
      what: "a visitor's My Stats (1,000 uploads)",
      path: `/api/users/${uploader.id}/stats`,
      cookie: `vibe_session=${uploader.session_id}`,
    },
    // the visitor's side must stay as it was: a vote (now also counting the voter). The random pick
    // offers only rendered media, which the seed has none of: visitor-api measures it
    {
      what: 'a vote (POST /api/votes, each on another media)',
      path: '/api/votes',
      cookie: ctx.seed.voters[0]!.cookie,
      body: (run) => ({ userId: ctx.seed.voters[0]!.id, mediaId: ctx.seed.mediaIds.first + 1000 + run, isHot: true }),
      expect: [201],
    },
  ];
}

async function timeOnce(
  ctx: BenchContext,
  row: Row,
  authorization: string,
  run: number,
): Promise<{ ms: number; res: Response }> {
  const headers: Record<string, string> = row.cookie ? { cookie: row.cookie } : { authorization };
  const init: RequestInit = row.body
    ? {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(row.body(run)),
      }
    : { headers };
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}${row.path}`, init);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!(row.expect ?? [200]).includes(res.status))
    throw new Error(`${row.what}: ${init.method ?? 'GET'} ${row.path} answered ${res.status}`);
  return { ms, res };
}

export const adminLists: Scenario = {
  name: 'admin-lists',
  description: `the operator's lists, sorts, searches and totals (issue 28's table): median of ${RUNS} after a warm-up, each against ${BUDGET_MS} ms`,
  async run(ctx: BenchContext) {
    const authorization = await adminBearer(ctx);

    const scale = `${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes, ${fmtCount(ctx.seed.users)} users`;
    const report = [];
    const over: string[] = [];
    // the figures taken so far are printed even when a row fails
    try {
      for (const row of await rows(ctx)) {
        const warm = await timeOnce(ctx, row, authorization, 0);
        const times: number[] = [];
        for (let i = 1; i <= RUNS; i++) times.push((await timeOnce(ctx, row, authorization, i)).ms);
        const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
        const range = warm.res.headers.get('content-range');
        const estimated = warm.res.headers.get('x-total-estimated') === 'true';
        if (row.estimated !== undefined && estimated !== row.estimated)
          throw new Error(`${row.what}: X-Total-Estimated ${estimated}, expected ${row.estimated} (${range})`);
        if (median > BUDGET_MS) over.push(row.what);
        report.push({
          'admin request': row.what,
          'median ms': fmtMs(median),
          'runs ms': times.map((t) => Math.round(t)).join(' / '),
          total: range ? `${estimated ? 'about ' : ''}${range.split('/').pop()}` : '',
          [`≤ ${BUDGET_MS} ms`]: median <= BUDGET_MS ? 'yes' : 'NO',
        });
      }
    } finally {
      ctx.report(report, `The operator's lists · ${scale} · median of ${RUNS} after a warm-up`);
    }
    if (over.length) throw new Error(`over ${BUDGET_MS} ms: ${over.join('; ')}`);
  },
};
