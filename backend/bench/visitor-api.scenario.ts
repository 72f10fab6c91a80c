import type { BenchApp, BenchContext, Scenario } from './context.js';
import type { Measurement, MeasureSpec } from './measure.js';
import { fmtCount, fmtPercent } from './report.js';
import { percent, type ProbeUser } from './seed.js';

export const randomRoute = (probe: ProbeUser, app: BenchApp) =>
  `GET /api/media/random/{userId} · voted ${percent(probe.votedShare)} · ${fmtCount(app.seed.media)} media`;

/** The rating screen's call for a user who has voted on `probe.votedShare` of all media. */
export const randomSpec = (app: BenchApp, probe: ProbeUser, suffix = ''): MeasureSpec => ({
  name: randomRoute(probe, app) + suffix,
  baseUrl: app.baseUrl,
  path: `/api/media/random/${probe.id}`,
  headers: { cookie: probe.cookie },
  expect: [200],
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

/** The measured path must be the rating path: an item the user may rate, not the empty or rated-all state. */
async function checkRandom(app: BenchApp, probe: ProbeUser): Promise<void> {
  const res = await fetch(`${app.baseUrl}/api/media/random/${probe.id}`, { headers: { cookie: probe.cookie } });
  const body = (await res.json().catch(() => undefined)) as { id?: number; userHasVoted?: boolean } | null | undefined;
  if (res.status !== 200 || typeof body?.id !== 'number' || body.userHasVoted) {
    throw new Error(
      `GET /api/media/random/${probe.id} answered ${res.status} ${JSON.stringify(body)}, not an item to rate`,
    );
  }
  const { rows } = await app.db.query('SELECT 1 FROM votes WHERE user_id = $1 AND media_id = $2', [probe.id, body.id]);
  if (rows.length)
    throw new Error(`GET /api/media/random/${probe.id} offered media ${body.id}, which that user already voted on`);
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

export const visitorApi: Scenario = {
  name: 'visitor-api',
  description:
    'health, GET /api/media/random/{userId} for users who voted on 0 %, 50 % and 99 % of media, POST /api/votes',
  async run(ctx: BenchContext) {
    for (const probe of ctx.seed.probes) await checkRandom(ctx.app, probe);
    const randoms = [];
    for (const probe of ctx.seed.probes) randoms.push(await ctx.measure(randomSpec(ctx.app, probe)));
    const votes = await ctx.measure(voteSpec(ctx.app));
    const voteCheck = await checkVotes(ctx.app, votes.statusCodes['201'] ?? 0);
    ctx.report(
      [ctx.health, ...randoms, votes],
      `Visitor API · ${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes · ${ctx.flags.connections} connections, ${ctx.flags.duration} s each`,
    );
    const verdict = (share: number) => `${fmtPercent(share)} ${share >= 0.5 ? 'met' : 'NOT met'}`;
    const cpu = (m: Measurement) => (m.apiCpuMsPerReq ?? NaN) + (m.dbCpuMsPerReq ?? NaN);
    const shares = randoms.map((m, i) => {
      const label = `voted ${percent(ctx.seed.probes[i]!.votedShare)}`;
      if (m.failures > 0) return `  ${label}: not measured (failed requests)`;
      const capacity = cpu(ctx.health) / cpu(m);
      return `  ${label}: req/s ${verdict(m.reqPerSec / ctx.health.reqPerSec)}${Number.isFinite(capacity) ? `; CPU capacity ${verdict(capacity)}` : ''}`;
    });
    console.log(`Target random ≥ 50 % of health:\n${shares.join('\n')}`);
    console.log(`Check: ${voteCheck}`);
  },
};
