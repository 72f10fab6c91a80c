import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backendDir } from './app-process.js';
import type { BenchApp, BenchContext, Scenario } from './context.js';
import type { Measurement, MeasureSpec } from './measure.js';
import { findPgbench, type PgbenchResult, runPgbench, withVariables } from './pgbench.js';
import { fmtCount, fmtMs, fmtPercent, fmtRate } from './report.js';
import { percent, type ProbeUser } from './seed.js';

export const ALL_RATED_MESSAGE = 'You have rated all the media we have right now - check back soon for more!';

/** The user who voted on everything gets "rated all" (404), everyone else an item to rate. */
const ratesAll = (probe: ProbeUser) => probe.votedShare === 1;

export const randomRoute = (probe: ProbeUser, app: BenchApp) =>
  `GET /api/media/random/{userId} · voted ${percent(probe.votedShare)} · ${fmtCount(app.seed.media)} media`;

/** The rating screen's call for a user who has voted on `probe.votedShare` of all media. */
export const randomSpec = (app: BenchApp, probe: ProbeUser, suffix = ''): MeasureSpec => ({
  name: randomRoute(probe, app) + suffix,
  baseUrl: app.baseUrl,
  path: `/api/media/random/${probe.id}`,
  headers: { cookie: probe.cookie },
  expect: ratesAll(probe) ? [404] : [200],
});

/** Every request a new vote: request i votes on media i (mod count), moving to the next voter after each full round. */
export const voteSpec = (app: BenchApp): MeasureSpec => {
  const { media, mediaIds, voters } = app.seed;
  return {
    name: `POST /api/votes · ${fmtCount(media)} media`,
    baseUrl: app.baseUrl,
    method: 'POST',
    path: '/api/votes',
    body: {},
    vary: (i) => {
      const voter = voters[Math.floor(i / media) % voters.length]!;
      return {
        headers: { cookie: voter.cookie },
        body: { userId: voter.id, mediaId: mediaIds.first + (i % media), isHot: i % 3 !== 0 },
      };
    },
    expect: [201],
  };
};

/**
 * The measured path must be the intended one: an item the user may rate (not the empty or
 * rated-all state), or "rated all" for the user who rated everything. Answers the time of this
 * first pick: the seed wrote the votes straight into the table, so this pick starts the user's
 * lap (for the 100 % user, the one full lap that concludes "rated all", as a real visitor's last
 * vote would).
 */
async function checkRandom(app: BenchApp, probe: ProbeUser): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}/api/media/random/${probe.id}`, { headers: { cookie: probe.cookie } });
  const ms = performance.now() - started;
  const body = (await res.json().catch(() => undefined)) as
    { id?: number; userHasVoted?: boolean; message?: string } | null | undefined;
  if (ratesAll(probe)) {
    if (res.status !== 404 || body?.message !== ALL_RATED_MESSAGE)
      throw new Error(
        `GET /api/media/random/${probe.id} answered ${res.status} ${JSON.stringify(body)}, not "rated all"`,
      );
    return ms;
  }
  if (res.status !== 200 || typeof body?.id !== 'number' || body.userHasVoted) {
    throw new Error(
      `GET /api/media/random/${probe.id} answered ${res.status} ${JSON.stringify(body)}, not an item to rate`,
    );
  }
  const { rows } = await app.db.query('SELECT 1 FROM votes WHERE user_id = $1 AND media_id = $2', [probe.id, body.id]);
  if (rows.length)
    throw new Error(`GET /api/media/random/${probe.id} offered media ${body.id}, which that user already voted on`);
  return ms;
}

/** One checked pick per probe user (each starts its lap, see checkRandom); answers their times in ms. */
export async function firstPicks(app: BenchApp): Promise<number[]> {
  const ms = [];
  for (const probe of app.seed.probes) ms.push(await checkRandom(app, probe));
  return ms;
}

/** Every probe user's pick on `app`, one measurement each; `suffix` keeps the row names unique. */
export async function measurePicks(
  ctx: BenchContext,
  app: BenchApp,
  suffix = '',
): Promise<{ picks: Measurement[]; firstPickMs: number[] }> {
  const firstPickMs = await firstPicks(app);
  const picks = [];
  for (const probe of app.seed.probes) picks.push(await ctx.measure(randomSpec(app, probe, suffix)));
  return { picks, firstPickMs };
}

const cpuPerReq = (m: Measurement) => (m.apiCpuMsPerReq ?? NaN) + (m.dbCpuMsPerReq ?? NaN);
const verdict = (share: number) => `${fmtPercent(share)} ${share >= 0.5 ? 'met' : 'NOT met'}`;

/** One line per pick row: req/s and CPU capacity against the health route's, target ≥ 50 %. */
export function pickTargets(ctx: BenchContext, app: BenchApp, picks: Measurement[], firstPickMs: number[]): string {
  return picks
    .map((m, i) => {
      const label = `voted ${percent(app.seed.probes[i]!.votedShare)}`.padEnd(14);
      const first = `first pick after seeding ${fmtMs(firstPickMs[i]!)} ms`;
      if (m.failures > 0) return `  ${label} not measured (failed requests); ${first}`;
      const capacity = cpuPerReq(ctx.health) / cpuPerReq(m);
      return `  ${label} req/s ${verdict(m.reqPerSec / ctx.health.reqPerSec)}${Number.isFinite(capacity) ? `; CPU capacity ${verdict(capacity)}` : ''}; ${first}`;
    })
    .join('\n');
}

/** Every 201 must be a stored vote, and the tallies on the media rows must still match the votes table. */
async function checkVotes(app: BenchApp, created: number): Promise<string> {
  const { rows } = await app.db.query<{ stored: number; drift: number }>(
    `SELECT (SELECT count(*)::int FROM votes WHERE user_id = ANY($1::int[])) AS stored,
            (SELECT count(*)::int FROM media m
               LEFT JOIN (SELECT media_id, count(*)::int AS total, (count(*) FILTER (WHERE is_hot))::int AS hot
                          FROM votes GROUP BY media_id) c ON c.media_id = m.id
              WHERE m.total_votes <> coalesce(c.total, 0) OR m.hot_votes <> coalesce(c.hot, 0)) AS drift`,
    [app.seed.voters.map((v) => v.id)],
  );
  const { stored, drift } = rows[0]!;
  // the warm-up's votes are stored too, so stored ≥ created
  if (stored < created || drift > 0) {
    throw new Error(
      `after POST /api/votes: ${stored} votes stored for ${created} answers 201, ${drift} media with wrong tallies`,
    );
  }
  return `${stored.toLocaleString('en-US')} bench votes stored (warm-up included) for ${created.toLocaleString('en-US')} measured 201s; every media tally matches the votes table`;
}

/** pgbench users: session ids it can build from a number, so its script needs no strings. */
const PGBENCH_USERS = 1000;
const PGBENCH_SESSION = (g: string) => `'pgbench' || lpad(${g}::text, 25, '0')`;

/**
 * The database's own ceiling for the vote: pgbench runs what the API sends per POST /api/votes
 * (the session lookup, then the vote statement, the very SQL of the built API) at the same
 * concurrency, with prepared statements, as new votes by its own users on random media.
 */
async function pgbenchVotes(ctx: BenchContext): Promise<PgbenchResult | string> {
  const bin = findPgbench();
  if (!bin) return 'pgbench not found (PATH, /usr/lib/postgresql/*/bin): no database ceiling measured';
  const dist = path.join(backendDir, 'dist', 'modules');
  const { CAST_VOTE_SQL } = (await import(
    pathToFileURL(path.join(dist, 'voting', 'infrastructure', 'typeorm-vote.repository.js')).href
  )) as { CAST_VOTE_SQL: string };
  const { USER_BY_SESSION_SQL } = (await import(
    pathToFileURL(path.join(dist, 'session', 'infrastructure', 'typeorm-user.repository.js')).href
  )) as { USER_BY_SESSION_SQL: string };
  const { rows } = await ctx.db.query<{ first: number; n: number }>(
    `WITH ins AS (
       INSERT INTO users (session_id, username, is_seeded, created_at)
       SELECT ${PGBENCH_SESSION('g')}, 'pgbench' || g, true, now() FROM generate_series(0, $1::int - 1) g
       RETURNING id)
     SELECT min(id) AS first, count(*)::int AS n FROM ins`,
    [PGBENCH_USERS],
  );
  const first = rows[0]!.first;
  const { first: m0, last: m1 } = ctx.seed.mediaIds;
  const script = [
    `\\set g random(0, ${PGBENCH_USERS - 1})`,
    `\\set uid ${first} + :g`,
    `\\set mid random(${m0}, ${m1})`,
    `\\set hot random(0, 1)`,
    withVariables(USER_BY_SESSION_SQL.replace('$1', PGBENCH_SESSION(':g')), []),
    withVariables(CAST_VOTE_SQL, ['uid', 'mid', 'hot']),
    '',
  ].join('\n');
  ctx.log(`pgbench: the vote SQL, ${ctx.flags.connections} clients, ${ctx.flags.duration} s`);
  return runPgbench({
    bin,
    databaseUrl: ctx.databaseUrl,
    script,
    scriptFile: path.join(ctx.app.dataDir, 'vote.pgbench.sql'),
    clients: ctx.flags.connections,
    seconds: ctx.flags.duration,
  });
}

/**
 * The pick rows again on databases seeded anew (same shape, new random data, new statistics
 * from their own VACUUM ANALYZE): a plan that depended on sampled statistics would differ here.
 */
async function freshDatabases(ctx: BenchContext): Promise<void> {
  const n = ctx.flags.freshDbs;
  if (n === 0) return;
  const rows: Measurement[] = [];
  const targets: string[] = [];
  for (let i = 1; i <= n; i++) {
    const app = await ctx.startApp({ label: `fresh${i}`, media: ctx.flags.media, votes: ctx.flags.votes });
    try {
      const { picks, firstPickMs } = await measurePicks(ctx, app, ` · fresh db ${i}`);
      rows.push(...picks);
      targets.push(`fresh db ${i}:`, pickTargets(ctx, app, picks, firstPickMs));
    } finally {
      await app.close();
    }
  }
  ctx.report(
    [ctx.health, ...rows],
    `Random pick on ${n} freshly seeded databases · each seeded anew (${fmtCount(ctx.flags.media)} media, ${fmtCount(ctx.flags.votes)} votes, its own VACUUM ANALYZE), not copied · vs the main database's health`,
  );
  console.log(`Target random ≥ 50 % of health:\n${targets.join('\n')}`);
}

export const visitorApi: Scenario = {
  name: 'visitor-api',
  description:
    'health, GET /api/media/random/{userId} for users who voted on 0 %, 50 %, 99 %, 99.9 %, 100 % of media (also on --fresh-dbs fresh databases), POST /api/votes beside pgbench',
  async run(ctx: BenchContext) {
    const { picks, firstPickMs } = await measurePicks(ctx, ctx.app);
    const votes = await ctx.measure(voteSpec(ctx.app));
    const pg = await pgbenchVotes(ctx);
    const voteCheck = await checkVotes(ctx.app, votes.statusCodes['201'] ?? 0);
    ctx.report(
      [ctx.health, ...picks, votes],
      `Visitor API · ${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes · ${ctx.flags.connections} connections, ${ctx.flags.duration} s each`,
    );
    console.log(`Target random ≥ 50 % of health:\n${pickTargets(ctx, ctx.app, picks, firstPickMs)}`);
    const capacity = cpuPerReq(ctx.health) / cpuPerReq(votes);
    console.log(
      `Target vote ≥ 50 % of health: req/s ${verdict(votes.reqPerSec / ctx.health.reqPerSec)}${Number.isFinite(capacity) ? `; CPU capacity ${verdict(capacity)}` : ''}`,
    );
    if (typeof pg === 'string') console.log(pg);
    else {
      ctx.report(
        [
          {
            'vote, same SQL': `POST /api/votes through the API · ${ctx.flags.connections} connections`,
            'per s': fmtRate(votes.reqPerSec),
            'latency ms': `p50 ${fmtMs(votes.p50)}`,
            failed: votes.failures,
          },
          {
            'vote, same SQL': `pgbench -M prepared: session lookup + vote statement · ${ctx.flags.connections} clients`,
            'per s': fmtRate(pg.tps),
            'latency ms': `mean ${fmtMs(pg.latencyMs)}`,
            failed: pg.failed,
          },
        ],
        'Vote: the API beside the database running the same SQL on its own',
      );
      console.log(`Target API ≥ 50 % of pgbench: ${verdict(votes.reqPerSec / pg.tps)}`);
    }
    console.log(`Check: ${voteCheck}`);
    await freshDatabases(ctx);
  },
};
