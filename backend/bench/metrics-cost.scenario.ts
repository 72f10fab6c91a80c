import path from 'node:path';
import type { BenchApp, BenchContext, Scenario } from './context.js';
import type { Measurement, MeasureSpec } from './measure.js';
import { fmtCount, type ReportRow } from './report.js';

const ROUNDS = 3;
const TOKEN = 'bench-metrics-token-0123456789';
/** Prometheus's default interval: the "on" API is scraped this often during its rounds, as it would be. */
const SCRAPE_EVERY_MS = 15_000;

/** Votes on fresh (voter, media) pairs from `from` on: voter n / media, media n % media. */
function votes(app: BenchApp, from: number, name: string): MeasureSpec {
  const { media, mediaIds, voters } = app.seed;
  return {
    name,
    baseUrl: app.baseUrl,
    method: 'POST',
    path: '/api/votes',
    body: {},
    vary: (i) => {
      const n = from + i;
      const voter = voters[Math.floor(n / media) % voters.length]!;
      return {
        headers: { cookie: voter.cookie },
        body: { userId: voter.id, mediaId: mediaIds.first + (n % media), isHot: n % 3 !== 0 },
      };
    },
    expect: [201],
  };
}

type Observer = (req: unknown, res: unknown, seconds: number) => void;

/**
 * CPU per request of exactly what metrics add to a request (the built API's own observer on a
 * registry of its own, fed a vote's request and answer), in microseconds: steady where the
 * alternate rounds of a busy machine are not.
 */
async function observerMicroseconds(): Promise<number> {
  const dist = path.resolve(import.meta.dirname, '..', 'dist', 'platform', 'metrics', 'metrics.js');
  const { httpRequestMetrics } = (await import(dist)) as { httpRequestMetrics: (r: unknown) => Observer };
  const { Registry } = await import('prom-client');
  const observe = httpRequestMetrics(new Registry());
  const req = { method: 'POST', baseUrl: '', originalUrl: '/api/votes', route: { path: '/api/votes' } };
  const res = { statusCode: 201 };
  const calls = 500_000;
  for (let i = 0; i < 50_000; i++) observe(req, res, 0.001); // JIT warm-up
  const before = process.cpuUsage();
  const started = performance.now();
  // the request log's own part when metrics are on: a timestamp at the start and at the close
  for (let i = 0; i < calls; i++) observe(req, res, (performance.now() - started) / 1000);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => (!Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(3) : x.toFixed(0));

/**
 * What the Prometheus metrics cost a vote: two APIs on databases seeded alike, one with metrics
 * off (nothing registered, no observer) and one with METRICS_TOKEN (every request counted and
 * timed, scraped every 15 s), measured in alternate rounds so a busy machine weighs on both.
 */
export const metricsCost: Scenario = {
  name: 'metrics-cost',
  description: 'POST /api/votes with Prometheus metrics off and on (two APIs seeded alike), alternate rounds',
  async run(ctx: BenchContext) {
    const media = Math.min(ctx.flags.media, 100_000);
    const seedVotes = Math.min(ctx.flags.votes, 1_000_000);
    const off = await ctx.startApp({ label: 'metrics-off', media, votes: seedVotes });
    const on = await ctx.startApp({ label: 'metrics-on', media, votes: seedVotes, env: { METRICS_TOKEN: TOKEN } });
    const scrapes: number[] = [];
    const scrape = async () => {
      const started = performance.now();
      const res = await fetch(`${on.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (res.status !== 200) throw new Error(`scrape answered ${res.status}`);
      await res.text();
      scrapes.push(performance.now() - started);
    };
    await scrape();
    const scraper = setInterval(
      () => void scrape().catch((e: unknown) => ctx.log(`scrape failed: ${String(e)}`)),
      SCRAPE_EVERY_MS,
    );
    const next = new Map<BenchApp, number>([
      [off, 0],
      [on, 0],
    ]);
    const taken: Array<{ on: boolean; m: Measurement }> = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const app of round % 2 ? [off, on] : [on, off]) {
          const m = await ctx.measure(
            votes(app, next.get(app)!, `POST /api/votes · metrics ${app === on ? 'on' : 'off'} · round ${round}`),
          );
          next.set(app, next.get(app)! + m.requests + 5_000); // and the warm-up's votes
          taken.push({ on: app === on, m });
        }
      }
    } finally {
      clearInterval(scraper);
    }
    ctx.report(
      taken.map((r) => r.m),
      `POST /api/votes, Prometheus metrics off and on · ${fmtCount(media)} media · ${ctx.flags.connections} connections`,
    );
    const rows: ReportRow[] = [];
    for (const [what, pick] of [
      ['req/s', (m: Measurement) => m.reqPerSec],
      ['p50 ms', (m: Measurement) => m.p50],
      ['p99 ms', (m: Measurement) => m.p99],
      ['API CPU ms/req', (m: Measurement) => m.apiCpuMsPerReq],
      ['DB CPU ms/req', (m: Measurement) => m.dbCpuMsPerReq],
    ] as const) {
      const of = (isOn: boolean) => median(taken.filter((r) => r.on === isOn).map((r) => pick(r.m) ?? NaN));
      const a = of(false);
      const b = of(true);
      rows.push({
        [`median of ${ROUNDS} rounds`]: what,
        'metrics off': fmt(a),
        'metrics on': fmt(b),
        change: Number.isFinite(b / a) ? `${b >= a ? '+' : ''}${Math.round((b / a - 1) * 1000) / 10} %` : '–',
      });
    }
    ctx.report(rows, 'What the metrics cost a vote, alternate rounds (target: API CPU per request within +5 %)');
    const perRequestUs = await observerMicroseconds();
    const voteCpuMs = median(taken.filter((r) => !r.on).map((r) => r.m.apiCpuMsPerReq ?? NaN));
    ctx.report(
      [
        {
          'metrics work per request': `${perRequestUs.toFixed(2)} µs CPU`,
          'API CPU per vote, metrics off': `${voteCpuMs.toFixed(3)} ms`,
          share: `${((perRequestUs / 1000 / voteCpuMs) * 100).toFixed(2)} %`,
        },
      ],
      "The observer alone (the built API's http_requests_total + latency histogram, 500k calls) against a vote's API CPU",
    );
    ctx.report(
      [
        {
          scrapes: scrapes.length,
          'median ms': fmt(median(scrapes)),
          'max ms': fmt(Math.max(...scrapes)),
        },
      ],
      'Scrapes of the "on" API during the rounds (GET /api/metrics with the token)',
    );
    await on.close();
    await off.close();
  },
};
