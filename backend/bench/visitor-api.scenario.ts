import type { BenchApp, BenchContext, Scenario } from './context.js';
import type { Measurement, MeasureSpec } from './measure.js';
import { fmtCount, fmtMs, fmtPercent } from './report.js';
import { percent, type ProbeUser } from './seed.js';
import { voteCeiling } from './vote-ceiling.js';

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

/**
 * A heavy voter reached that share by voting through picks, which left their lap's rated
 * stretches saved; the seed wrote the votes straight into the table instead. So a user who
 * voted on 99 % or more (not everything) first goes once round their lap (as many picks as items
 * are left, straight to the database function the API calls); its time is reported, not hidden.
 */
async function warmLap(app: BenchApp, probe: ProbeUser): Promise<string> {
  if (probe.votedShare < 0.99 || ratesAll(probe)) return '';
  const left = app.seed.media - probe.votes;
  const started = performance.now();
  const client = await app.db.connect();
  try {
    for (let i = 0; i < left; i++) await client.query(`SELECT pick_media($1, '{}')`, [probe.id]);
  } finally {
    client.release();
  }
  const ms = performance.now() - started;
  return `; lap warmed first: ${left.toLocaleString('en-US')} picks in ${(ms / 1000).toFixed(1)} s (${fmtMs(ms / left)} ms each)`;
}

/**
 * One checked pick per probe user (each starts its lap, see checkRandom), then the heavy
 * voters' warm laps; answers a note per probe with their times.
 */
export async function firstPicks(app: BenchApp): Promise<string[]> {
  const notes = [];
  const warm = !warmed.has(app);
  warmed.add(app);
  for (const probe of app.seed.probes) {
    const ms = await checkRandom(app, probe);
    notes.push(`${warm ? 'first pick after seeding' : 'pick'} ${fmtMs(ms)} ms${warm ? await warmLap(app, probe) : ''}`);
  }
  return notes;
}
const warmed = new WeakSet<BenchApp>();

/** Every probe user's pick on `app`, one measurement each; `suffix` keeps the row names unique. */
export async function measurePicks(
  ctx: BenchContext,
  app: BenchApp,
  suffix = '',
): Promise<{ picks: Measurement[]; firstNotes: string[] }> {
  const firstNotes = await firstPicks(app);
  const picks = [];
  for (const probe of app.seed.probes) picks.push(await ctx.measure(randomSpec(app, probe, suffix)));
  return { picks, firstNotes };
}

const cpuPerReq = (m: Measurement) => (m.apiCpuMsPerReq ?? NaN) + (m.dbCpuMsPerReq ?? NaN);
const verdict = (share: number) => `${fmtPercent(share)} ${share >= 0.5 ? 'met' : 'NOT met'}`;

/** One line per pick row: req/s and CPU capacity against the health route's, target ≥ 50 %. */
export function pickTargets(ctx: BenchContext, app: BenchApp, picks: Measurement[], firstNotes: string[]): string {
  return picks
    .map((m, i) => {
      const label = `voted ${percent(app.seed.probes[i]!.votedShare)}`.padEnd(14);
      const first = firstNotes[i]!;
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
      const { picks, firstNotes } = await measurePicks(ctx, app, ` · fresh db ${i}`);
      rows.push(...picks);
      targets.push(`fresh db ${i}:`, pickTargets(ctx, app, picks, firstNotes));
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
    const { picks, firstNotes } = await measurePicks(ctx, ctx.app);
    const votes = await ctx.measure(voteSpec(ctx.app));
    ctx.report(
      [ctx.health, ...picks, votes],
      `Visitor API · ${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes · ${ctx.flags.connections} connections, ${ctx.flags.duration} s each`,
    );
    console.log(`Target random ≥ 50 % of health:\n${pickTargets(ctx, ctx.app, picks, firstNotes)}`);
    const capacity = cpuPerReq(ctx.health) / cpuPerReq(votes);
    console.log(
      `Target vote ≥ 50 % of health: req/s ${verdict(votes.reqPerSec / ctx.health.reqPerSec)}${Number.isFinite(capacity) ? `; CPU capacity ${verdict(capacity)}` : ''}`,
    );
    await voteCeiling(ctx, votes);
    // after the wrk runs too: their votes are in every media tally checked
    console.log(`Check: ${await checkVotes(ctx.app, votes.statusCodes['201'] ?? 0)}`);
    await freshDatabases(ctx);
  },
};
