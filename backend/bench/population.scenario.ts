import type pg from 'pg';
import type { BenchApp, BenchContext, Scenario } from './context.js';
import { fmtCount, fmtRate, fmtTimes } from './report.js';

/** Average votes the population draws per media (10–50). */
const VOTES_PER_MEDIA = 30;

function parseCount(raw: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(raw.replace(/_/g, ''));
  const n = m ? Math.round(Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'k' ? 1e3 : 1e6) : 1)) : NaN;
  if (!Number.isFinite(n) || n < 1000)
    throw new Error(`--population-votes must be a whole number ≥ 1000 (got "${raw}")`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunFacts {
  votes: number;
  views: number;
  users: number;
  media: number;
  seconds: number;
  pool: number[];
}

/** POST /api/admin/populate-votes on the API and wait for its job; the run's own timestamps time it. */
async function populate(ctx: BenchContext, app: BenchApp): Promise<RunFacts> {
  const headers = { authorization: ctx.admin.authorization };
  const res = await fetch(`${app.baseUrl}/api/admin/populate-votes`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`populate-votes answered ${res.status}: ${await res.text()}`);
  const { jobId } = (await res.json()) as { jobId: string };
  let lastLog = Date.now();
  for (;;) {
    await sleep(250);
    const job = (await (await fetch(`${app.baseUrl}/api/admin/jobs/${jobId}`, { headers })).json()) as {
      state: string;
      error: string | null;
      progress: { percent: number; totalVotesInserted?: number };
    };
    if (job.state === 'completed') break;
    if (job.state === 'failed') throw new Error(`population job failed: ${job.error}`);
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      ctx.log(`population: ${job.progress.percent} % (${fmtCount(job.progress.totalVotesInserted ?? 0)} votes)`);
    }
  }
  const { rows } = await app.db.query<{
    votes: string;
    views: string;
    users: number;
    media: number;
    seconds: number;
    pool: number[];
    state: string;
  }>(
    `SELECT votes_inserted AS votes, views_inserted AS views, users_created AS users, media_processed AS media,
            extract(epoch FROM finished_at - created_at)::float8 AS seconds, pool_user_ids AS pool, state
     FROM population_runs ORDER BY id DESC LIMIT 1`,
  );
  const r = rows[0]!;
  if (r.state !== 'completed') throw new Error(`population ended ${r.state}`);
  return {
    votes: Number(r.votes),
    views: Number(r.views),
    users: r.users,
    media: r.media,
    seconds: r.seconds,
    pool: r.pool,
  };
}

/**
 * The same rows, copied aside first, inserted by one INSERT … SELECT each into empty twins of
 * votes and views (same primary keys, indexes and foreign keys): the fastest PostgreSQL can take them.
 */
async function bareInsert(
  client: pg.PoolClient,
  pool: number[],
): Promise<{ votesSeconds: number; viewsSeconds: number }> {
  await client.query(`CREATE TEMP TABLE src_votes AS SELECT * FROM votes WHERE user_id = ANY($1::int[])`, [pool]);
  await client.query(`CREATE TEMP TABLE src_views AS SELECT * FROM views WHERE user_id = ANY($1::int[])`, [pool]);
  await client.query(`ANALYZE src_votes; ANALYZE src_views`);
  for (const t of ['votes', 'views']) {
    await client.query(`CREATE TABLE bench_${t}_bare (LIKE ${t} INCLUDING ALL)`);
    await client.query(`ALTER TABLE bench_${t}_bare
      ADD FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
      ADD FOREIGN KEY (media_id) REFERENCES media(id) ON DELETE CASCADE`);
  }
  const timed = async (sql: string) => {
    const started = process.hrtime.bigint();
    await client.query(sql);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const votesSeconds = await timed(`INSERT INTO bench_votes_bare SELECT * FROM src_votes`);
  const viewsSeconds = await timed(`INSERT INTO bench_views_bare SELECT * FROM src_views`);
  await client.query(`DROP TABLE bench_votes_bare, bench_views_bare, src_votes, src_views`);
  return { votesSeconds, viewsSeconds };
}

export const population: Scenario = {
  name: 'population',
  description:
    'POST /api/admin/populate-votes (~1M votes, 500-vote checkpoints) next to a bare INSERT … SELECT of the same rows',
  flags: { 'population-votes': 'votes the population inserts, about 30 per media (default 1M, 50k with --quick)' },
  async run(ctx: BenchContext) {
    const target = parseCount(ctx.flags.extra['population-votes'] ?? (ctx.flags.quick ? '50k' : '1M'));
    const media = Math.ceil(target / VOTES_PER_MEDIA);
    // its own database: the population's votes would change every later scenario's figures
    const app = await ctx.startApp({ label: 'population', media, votes: 0 });
    try {
      ctx.log(`population: ${fmtCount(media)} media, about ${fmtCount(target)} votes`);
      const run = await populate(ctx, app);
      const client = await app.db.connect();
      let bare;
      try {
        bare = await bareInsert(client, run.pool);
      } finally {
        client.release();
      }
      const popRate = run.votes / run.seconds;
      const votesOnly = run.votes / bare.votesSeconds;
      const votesAndViews = run.votes / (bare.votesSeconds + bare.viewsSeconds);
      ctx.report(
        [
          {
            step: 'population job (votes + views + tallies + users, checkpoint every 500 votes)',
            votes: run.votes,
            views: run.views,
            seconds: run.seconds,
            'votes/s': fmtRate(popRate),
            'population ÷ this': '–',
          },
          {
            step: 'bare INSERT … SELECT of the same votes and views',
            votes: run.votes,
            views: run.views,
            seconds: bare.votesSeconds + bare.viewsSeconds,
            'votes/s': fmtRate(votesAndViews),
            'population ÷ this': fmtTimes(popRate / votesAndViews),
          },
          {
            step: 'bare INSERT … SELECT of the same votes only',
            votes: run.votes,
            views: 0,
            seconds: bare.votesSeconds,
            'votes/s': fmtRate(votesOnly),
            'population ÷ this': fmtTimes(popRate / votesOnly),
          },
        ],
        `Vote population · ${fmtCount(run.media)} media, ${run.users} fake users · target: population ≥ 0.50× the bare insert of the same rows`,
      );
    } finally {
      await app.close();
    }
  },
};
