import type { BenchApp, BenchContext, Scenario } from './context.js';
import type { MeasureSpec } from './measure.js';
import { fmtCount, fmtPercent } from './report.js';
import { percent, type ProbeUser } from './seed.js';

export const randomRoute = (probe: ProbeUser, app: BenchApp) =>
  `GET /api/media/random/{userId} · voted ${percent(probe.votedShare)} · ${fmtCount(app.seed.media)} media`;

/** The rating screen's call for a user who has voted on `probe.votedShare` of all media. */
export const randomSpec = (app: BenchApp, probe: ProbeUser): MeasureSpec => ({
  name: randomRoute(probe, app),
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

export const visitorApi: Scenario = {
  name: 'visitor-api',
  description:
    'health, GET /api/media/random/{userId} for users who voted on 0 %, 50 % and 99 % of media, POST /api/votes',
  async run(ctx: BenchContext) {
    const randoms = [];
    for (const probe of ctx.seed.probes) randoms.push(await ctx.measure(randomSpec(ctx.app, probe)));
    const votes = await ctx.measure(voteSpec(ctx.app));
    ctx.report(
      [ctx.health, ...randoms, votes],
      `Visitor API · ${fmtCount(ctx.seed.media)} media, ${fmtCount(ctx.seed.votes)} votes · ${ctx.flags.connections} connections, ${ctx.flags.duration} s each`,
    );
    const shares = randoms.map((m, i) => {
      if (m.failures > 0) return `voted ${percent(ctx.seed.probes[i]!.votedShare)}: not measured (failed requests)`;
      const share = m.reqPerSec / ctx.health.reqPerSec;
      return `voted ${percent(ctx.seed.probes[i]!.votedShare)}: ${fmtPercent(share)} ${share >= 0.5 ? 'met' : 'NOT met'}`;
    });
    console.log(`Target random ≥ 50 % of health req/s: ${shares.join('; ')}`);
  },
};
