import { spawn } from 'node:child_process';
import path from 'node:path';
import { cpuMs, freePort } from './app-process.js';
import type { BenchApp, BenchContext } from './context.js';
import type { Measurement } from './measure.js';
import { findPgbench, type PgbenchResult, runPgbench, withVariables } from './pgbench.js';
import { fmtMs, fmtPercent, fmtRate } from './report.js';
import { loadVoteSql } from './vote-sql.js';
import { findWrk, runWrk, voteScript, type WrkResult, type WrkVoter } from './wrk.js';

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
  const { USER_BY_SESSION_SQL, CAST_VOTE_SQL } = await loadVoteSql();
  const { rows } = await ctx.db.query<{ first: number; n: number }>(
    `WITH ins AS (
       INSERT INTO users (session_id, username, is_seeded, created_at)
       SELECT ${PGBENCH_SESSION('g')}, 'pgbench' || g, true, now() FROM generate_series(0, $1::int - 1) g
       RETURNING id, session_id),
     sess AS (INSERT INTO sessions (user_id, token_hash) SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex') FROM ins)
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
    withVariables(
      USER_BY_SESSION_SQL.replace('$1', `encode(sha256(convert_to(${PGBENCH_SESSION(':g')}, 'UTF8')), 'hex')`),
      [],
    ),
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

/** New voters with sessions, for one wrk run (no pair of theirs voted yet). */
async function newVoters(app: BenchApp, tag: string, n = 200): Promise<WrkVoter[]> {
  const { rows } = await app.db.query<{ id: number; session_id: string }>(
    `WITH ins AS (
       INSERT INTO users (session_id, username, is_seeded, created_at)
       SELECT substr(md5(random()::text || g), 1, 32), $1 || '-' || g || '-' || substr(md5(random()::text), 1, 8), true, now()
         FROM generate_series(1, $2::int) g
       RETURNING id, session_id),
     sess AS (INSERT INTO sessions (user_id, token_hash) SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex') FROM ins)
     SELECT id, session_id FROM ins`,
    [tag, n],
  );
  return rows.map((r) => ({ id: r.id, sessionId: r.session_id }));
}

/** wrk on POST `url` as fresh voters: 1 s of warm-up, then the measured run with others. */
async function wrkVotes(ctx: BenchContext, bin: string, url: string, tag: string): Promise<WrkResult> {
  const run = async (label: string, seconds: number) =>
    runWrk({
      bin,
      url,
      script: voteScript(await newVoters(ctx.app, `${tag}-${label}`), ctx.seed.mediaIds, 2),
      scriptFile: path.join(ctx.app.dataDir, `${tag}-${label}.lua`),
      connections: ctx.flags.connections,
      seconds,
    });
  await run('warm', 1);
  return run('run', ctx.flags.duration);
}

/** A bare vote server (bare-vote-server.ts, node:http or Nest) on a free port, until `stop`. */
async function startBareServer(kind: 'node' | 'nest', databaseUrl: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-vote-server.js'), kind], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare vote server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/**
 * The vote beside the database's own rate: the API under autocannon (the run above), the API
 * under wrk (a C load generator like pgbench's own client, so the generator's CPU does not
 * weigh on one side only), a bare Node server running the same SQL under wrk (what Node itself
 * costs), and pgbench. Prints the table and the target line.
 */
export async function voteCeiling(ctx: BenchContext, votes: Measurement): Promise<void> {
  const pg = await pgbenchVotes(ctx);
  if (typeof pg === 'string') {
    console.log(pg);
    return;
  }
  const wrk = findWrk();
  let api: (WrkResult & { cpuMsPerReq: number }) | undefined;
  let bare: WrkResult | undefined;
  let nest: WrkResult | undefined;
  if (wrk) {
    ctx.log(`wrk: POST /api/votes through the API, ${ctx.flags.connections} connections, ${ctx.flags.duration} s`);
    const before = await cpuMs(ctx.app.pid);
    const r = await wrkVotes(ctx, wrk, `${ctx.baseUrl}/api/votes`, 'wrk-api');
    const after = await cpuMs(ctx.app.pid);
    api = { ...r, cpuMsPerReq: before !== null && after !== null ? (after - before) / r.requests : NaN };
    const bareRun = async (kind: 'node' | 'nest') => {
      ctx.log(`wrk: the same SQL from a bare ${kind === 'node' ? 'Node' : 'Nest'} server`);
      const server = await startBareServer(kind, ctx.databaseUrl);
      try {
        return await wrkVotes(ctx, wrk, `${server.url}api/votes`, `wrk-${kind}`);
      } finally {
        server.stop();
      }
    };
    bare = await bareRun('node');
    nest = await bareRun('nest');
  }
  const n = ctx.flags.connections;
  const row = (label: string, perS: number, p50: number, failed: number) => ({ label, perS, p50, failed });
  const rows = [
    row(`POST /api/votes through the API · autocannon · ${n} connections`, votes.reqPerSec, votes.p50, votes.failures),
    ...(api
      ? [row(`POST /api/votes through the API · wrk · ${n} connections`, api.reqPerSec, api.p50Ms, api.failed)]
      : []),
    ...(nest
      ? [
          row(
            `bare Nest server (one route, no middleware) · wrk · ${n} connections`,
            nest.reqPerSec,
            nest.p50Ms,
            nest.failed,
          ),
        ]
      : []),
    ...(bare
      ? [
          row(
            `bare Node server (node:http + pg, no framework) · wrk · ${n} connections`,
            bare.reqPerSec,
            bare.p50Ms,
            bare.failed,
          ),
        ]
      : []),
    row(`pgbench -M prepared: session lookup + vote statement · ${n} clients`, pg.tps, pg.latencyMs, pg.failed),
  ];
  ctx.report(
    rows.map((r) => ({
      'vote, same SQL': r.label,
      'per s': fmtRate(r.perS),
      'p50 ms': fmtMs(r.p50),
      failed: r.failed,
      'vs pgbench': fmtPercent(r.perS / pg.tps),
    })),
    'Vote: the API beside the database running the same SQL on its own (pgbench latency is its mean)',
  );
  const share = (api ?? votes).reqPerSec / pg.tps;
  console.log(
    `Target API ≥ 50 % of pgbench: ${fmtPercent(share)} ${share >= 0.5 ? 'met' : 'NOT met'}${api ? ` (wrk; ${fmtPercent(votes.reqPerSec / pg.tps)} under autocannon)` : ' (autocannon; install wrk for a C load generator like pgbench)'}` +
      (bare && nest
        ? `; a bare Node server reaches ${fmtPercent(bare.reqPerSec / pg.tps)}, a bare Nest server ${fmtPercent(nest.reqPerSec / pg.tps)}`
        : '') +
      (api && Number.isFinite(api.cpuMsPerReq) ? `; API CPU ${api.cpuMsPerReq.toFixed(2)} ms per vote` : ''),
  );
}
