import type { BenchContext, Scenario } from './context.js';
import type { Measurement, MeasureSpec } from './measure.js';
import { fmtCount, type ReportRow } from './report.js';
import type { BenchUser } from './seed.js';

/** The counting triggers a vote fires (daily_counts and the voter's activity), switched off and on between rounds. */
const TRIGGERS = ['votes_counted_insert'];
const ROUNDS = 3;
/** Voters of the "many voters" pattern: fresh users, so every (voter, media) pair is a new vote. */
const MANY = 200;

interface Pattern {
  label: string;
  voters: BenchUser[];
  /** Index of the next unused (voter, media) pair: each round starts past the last one's votes. */
  next: number;
}

/**
 * Request i votes pair `next + i`. One voter: pair n is voter n / media on media n % media (as
 * visitor-api's POST /api/votes: every connection votes as the same user). Many voters: voter
 * n % count on media n / count, so concurrent votes come from different users, as on a live site.
 */
function votes(ctx: BenchContext, p: Pattern, name: string): MeasureSpec {
  const { media, mediaIds } = ctx.seed;
  const many = p.voters.length > 1;
  return {
    name,
    method: 'POST',
    path: '/api/votes',
    body: {},
    vary: (i) => {
      const n = p.next + i;
      const voter = p.voters[many ? n % p.voters.length : 0]!;
      const on = many ? Math.floor(n / p.voters.length) % media : n % media;
      return {
        headers: { cookie: voter.cookie },
        body: { userId: voter.id, mediaId: mediaIds.first + on, isHot: n % 3 !== 0 },
      };
    },
    expect: [201],
  };
}

async function freshVoters(ctx: BenchContext, count: number): Promise<BenchUser[]> {
  const { rows } = await ctx.db.query<{ id: number; session_id: string; username: string }>(
    `WITH ins AS (
       INSERT INTO users (session_id, username)
       SELECT 'benchCounterVoter' || lpad(g::text, 15, '0'), 'BenchCounterVoter' || g FROM generate_series(1, $1::int) g
       RETURNING id, session_id, username),
     sess AS (INSERT INTO sessions (user_id, token_hash) SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex') FROM ins)
     SELECT id, session_id, username FROM ins`,
    [count],
  );
  return rows.map((r) => ({
    id: r.id,
    sessionId: r.session_id,
    username: r.username,
    cookie: `vibe_session=${r.session_id}`,
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => (!Number.isFinite(x) ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(0));

/**
 * What the counters cost a vote: the same API process and database, rounds with the triggers on
 * and off in turn (so a busy machine weighs on both alike), for one voter and for many; the
 * counters are rebuilt from the tables afterwards.
 */
export const voteCounters: Scenario = {
  name: 'vote-counters',
  description: 'POST /api/votes with the counting triggers on and off in alternate rounds, one voter and many voters',
  async run(ctx: BenchContext) {
    const patterns: Pattern[] = [
      // the third seeded voter: visitor-api votes as the first one
      { label: 'one voter', voters: [ctx.seed.voters[2]!], next: 0 },
      { label: `${MANY} voters`, voters: await freshVoters(ctx, MANY), next: 0 },
    ];
    const taken: Array<{ pattern: string; on: boolean; m: Measurement }> = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const p of patterns) {
          for (const on of [true, false]) {
            for (const t of TRIGGERS) await ctx.db.query(`ALTER TABLE votes ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`);
            const m = await ctx.measure(
              votes(ctx, p, `POST /api/votes · ${p.label} · counters ${on ? 'on' : 'off'} · round ${round}`),
            );
            p.next += m.requests + 5_000; // and the warm-up's votes
            taken.push({ pattern: p.label, on, m });
          }
        }
      }
    } finally {
      for (const t of TRIGGERS) await ctx.db.query(`ALTER TABLE votes ENABLE TRIGGER ${t}`);
      // the rounds without triggers left the counters short: rebuild them from the tables
      await ctx.db.query(`SELECT counts_rebuild()`);
    }
    ctx.report(
      taken.map((r) => r.m),
      `POST /api/votes, counting triggers on and off · ${fmtCount(ctx.seed.media)} media · ${ctx.flags.connections} connections`,
    );
    const rows: ReportRow[] = [];
    for (const p of patterns) {
      const of = (on: boolean, pick: (m: Measurement) => number | undefined) =>
        median(taken.filter((r) => r.pattern === p.label && r.on === on).map((r) => pick(r.m) ?? NaN));
      for (const [what, pick] of [
        ['req/s', (m: Measurement) => m.reqPerSec],
        ['p50 ms', (m: Measurement) => m.p50],
        ['DB CPU ms/req', (m: Measurement) => m.dbCpuMsPerReq],
        ['API CPU ms/req', (m: Measurement) => m.apiCpuMsPerReq],
      ] as const) {
        const on = of(true, pick);
        const off = of(false, pick);
        rows.push({
          pattern: p.label,
          [`median of ${ROUNDS} rounds`]: what,
          'counters off': fmt(off),
          'counters on': fmt(on),
          change: Number.isFinite(on / off) ? `${on >= off ? '+' : ''}${Math.round((on / off - 1) * 100)} %` : '–',
        });
      }
    }
    ctx.report(rows, 'What the counters cost a vote');
  },
};
