import type { BenchContext, Scenario } from './context.js';
import { fmtCount, fmtMs, fmtRate, fmtTimes } from './report.js';
import { percent } from './seed.js';
import { firstPicks, randomSpec } from './visitor-api.scenario.js';

/**
 * The random pick must not slow down as the catalogue grows: the same kind of probe users on a
 * second, smaller database (same votes per media), each share measured on both sizes back to back.
 */
const cpu = (ms: number | undefined) => (ms === undefined ? '–' : ms.toFixed(2));

export const tableSize: Scenario = {
  name: 'table-size',
  description: 'GET /api/media/random/{userId} p99 on a small database (--compare-media) next to the main one',
  async run(ctx: BenchContext) {
    const { media, votes } = ctx.seed;
    const smallMedia = ctx.flags.compareMedia;
    const small = await ctx.startApp({
      label: fmtCount(smallMedia),
      media: smallMedia,
      votes: Math.round((votes * smallMedia) / media),
    });
    try {
      await firstPicks(small);
      await firstPicks(ctx.app);
      const rows = [];
      const targets: string[] = [];
      for (const [i, probe] of ctx.seed.probes.entries()) {
        const smallProbe = small.seed.probes[i]!;
        // back to back, so both sizes meet the same machine conditions
        const s = await ctx.measure(randomSpec(small, smallProbe));
        const big = await ctx.measure(randomSpec(ctx.app, probe, ' · paired'));
        rows.push({
          'random pick for a user who voted on': percent(probe.votedShare),
          [`p99 ms @${fmtCount(smallMedia)}`]: fmtMs(s.p99),
          [`p99 ms @${fmtCount(media)}`]: fmtMs(big.p99),
          'p99 growth': fmtTimes(big.p99 / s.p99),
          [`req/s @${fmtCount(smallMedia)}`]: fmtRate(s.reqPerSec),
          [`req/s @${fmtCount(media)}`]: fmtRate(big.reqPerSec),
          // CPU per answer hardly depends on what else runs on the machine: the steadiest size signal
          [`DB CPU ms/req @${fmtCount(smallMedia)}`]: cpu(s.dbCpuMsPerReq),
          [`DB CPU ms/req @${fmtCount(media)}`]: cpu(big.dbCpuMsPerReq),
          'DB CPU growth': fmtTimes((big.dbCpuMsPerReq ?? NaN) / (s.dbCpuMsPerReq ?? NaN)),
        });
        const within = (f: number) => `${fmtTimes(f)} ${f <= 1.5 ? 'met' : 'NOT met'}`;
        targets.push(
          `  voted ${percent(probe.votedShare).padEnd(7)} p99 ${within(big.p99 / s.p99)}; DB CPU/req ${within((big.dbCpuMsPerReq ?? NaN) / (s.dbCpuMsPerReq ?? NaN))}`,
        );
      }
      ctx.report(
        rows,
        `Random pick vs table size · ${fmtCount(smallMedia)} media / ${fmtCount(small.seed.votes)} votes against ${fmtCount(media)} media / ${fmtCount(votes)} votes`,
      );
      console.log(`Target @${fmtCount(media)} within 1.5× of @${fmtCount(smallMedia)}:\n${targets.join('\n')}`);
    } finally {
      await small.close();
    }
  },
};
