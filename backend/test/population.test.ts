import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  eventually,
  expectConsistent,
  populationFacts,
  insertMediaRows as seedStoredMedia,
  waitForJob,
} from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import { createTestDatabase, dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const queryOf = (t: TestApp) => (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);

describe(`vote population (${dbKind}, database job queue)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  const q = (sql: string, params?: unknown[]) => queryOf(t)(sql, params);

  it('refuses every population route without admin credentials (401)', async () => {
    await request(t.server).post('/api/admin/populate-votes').expect(401);
    await request(t.server).get('/api/admin/populate-votes').expect(401);
    await request(t.server).post('/api/admin/fix-user-sequence').auth('admin', 'wrong-password').expect(401);
    expect(await q(`SELECT id FROM population_runs`)).toEqual([]);
  });

  it('reports "not started" before any run', async () => {
    const res = await asAdmin(t).get('/api/admin/populate-votes').expect(200);
    expect(res.body).toEqual({
      jobId: null,
      success: true,
      paused: false,
      state: 'not-started',
      message: 'No vote population has run yet',
      mediaProcessed: 0,
      totalMediaCount: 0,
      totalVotesInserted: 0,
      usersCreated: 0,
      overallHotPercentage: 0,
      userIdRange: null,
      seededUsers: 0,
      plan: { mediaCount: 0, usersToCreate: 0, minVotes: 0, maxVotes: 0 },
    });
  });

  it('refuses to start with no media (409) and creates nothing', async () => {
    const res = await asAdmin(t).post('/api/admin/populate-votes').expect(409);
    expect(res.body.message).toBe('There is no media to add votes to: upload or import media first');
    expect(await q(`SELECT id FROM population_runs`)).toEqual([]);
    expect(await q(`SELECT id FROM users WHERE is_seeded`)).toEqual([]);
  });

  it.each([
    [{ action: 'explode' }, 400, /action must be one of start, pause, continue, stop/],
    [{ action: null }, 400, /action must be one of start, pause, continue, stop/],
    [{ action: 'start', extra: 1 }, 400, /extra/],
    [{ action: 'start', confirmAgain: 'yes' }, 400, /confirmAgain must be true or false/],
    [{ action: 'pause' }, 409, /No vote population is running/],
    [{ action: 'continue' }, 409, /No paused vote population to continue/],
    [{ action: 'stop' }, 409, /No vote population is running or paused/],
  ])('answers %j with %i and changes nothing', async (body, status, message) => {
    const res = await asAdmin(t).post('/api/admin/populate-votes').send(body).expect(status);
    expect(res.body.message).toMatch(message);
    expect(await q(`SELECT id FROM population_runs`)).toEqual([]);
  });

  it('fills every media item with 10–50 seeded votes and views from fake users, keeping the tallies', async () => {
    await seedStoredMedia(q, 40);
    // a real visitor's vote and view stay and are counted with the seeded ones
    const visitor = await newVisitor(t);
    const [first] = await q(`SELECT id FROM media ORDER BY id LIMIT 1`);
    await q(`INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, false)`, [visitor.id, first.id]);
    await q(`INSERT INTO views (user_id, media_id) VALUES ($1, $2)`, [visitor.id, first.id]);
    await q(`UPDATE media SET total_votes = 1, total_views = 1 WHERE id = $1`, [first.id]);
    // what a start would add, for the portal's confirmation
    expect((await asAdmin(t).get('/api/admin/populate-votes').expect(200)).body.plan).toEqual({
      mediaCount: 40,
      usersToCreate: 50,
      minVotes: 400,
      maxVotes: 2000,
    });

    const started = await asAdmin(t).post('/api/admin/populate-votes').expect(202); // no body: start
    expect(started.body).toMatchObject({ state: 'running', success: true, paused: false, totalMediaCount: 40 });
    expect(started.body.jobId).toMatch(/^populate-votes-r\d+-s1$/);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.state).toBe('completed');

    const f = await populationFacts(q);
    expectConsistent(f);
    expect(f.run.state).toBe('completed');
    expect(f.run.media_processed).toBe(40);
    expect(f.seeded_users).toBe(50);
    const firstMedia = f.media.find((m) => m.id === first.id)!;
    expect(firstMedia.votes).toBe(firstMedia.seeded + 1);
    expect(firstMedia.views).toBe(firstMedia.seeded + 1);

    const hotPercentage = Math.round((100 * f.seeded_hot) / f.seeded_votes);
    expect(hotPercentage).toBeGreaterThanOrEqual(70);
    const expected = {
      success: true,
      paused: false,
      state: 'completed',
      mediaProcessed: 40,
      totalMediaCount: 40,
      totalVotesInserted: f.seeded_votes,
      usersCreated: 50,
      overallHotPercentage: hotPercentage,
      userIdRange: `${f.min_user}-${f.max_user}`,
    };
    expect(job.result).toMatchObject(expected);
    expect(job.result.message).toBe(
      `Population complete: ${f.seeded_votes} votes on 40 of 40 media from 50 fake users`,
    );
    expect(job.progress).toMatchObject({
      percent: 100,
      mediaProcessed: 40,
      totalMediaCount: 40,
      totalVotesInserted: f.seeded_votes,
    });
    const status = await asAdmin(t).get('/api/admin/populate-votes').expect(200);
    expect(status.body).toMatchObject({ ...expected, jobId: started.body.jobId });

    // fake users: three-word names like visitors', and no browser can sign in as one
    const fakes: { username: string; session_id: string }[] = await q(
      `SELECT username, session_id FROM users WHERE is_seeded`,
    );
    for (const u of fakes) expect(u.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+ing[A-Z][a-z]+\d*$/);
    const claim = await request(t.server).post('/api/session').send({ sessionId: fakes[0]!.session_id }).expect(400);
    expect(claim.body.message).toMatch(/sessionId/);
    // seeded rows are told apart from real ones
    const [real] = await q(`SELECT count(*)::int AS n FROM votes WHERE NOT is_seeded`);
    expect(real.n).toBe(1);
  });

  it('the fake users carry the seeded flag in the users list, whose filter tells them apart', async () => {
    const all = await asAdmin(t).get('/api/admin/users?range=[0,99]').expect(200);
    expect(all.body.filter((u: { seeded: boolean }) => u.seeded)).toHaveLength(50);
    const fake = await asAdmin(t)
      .get(`/api/admin/users?range=[0,99]&filter=${encodeURIComponent('{"seeded":true}')}`)
      .expect(200);
    expect(fake.headers['content-range']).toMatch(/\/50$/);
    expect(fake.body.every((u: { seeded: boolean }) => u.seeded)).toBe(true);
    const real = await asAdmin(t)
      .get(`/api/admin/users?range=[0,99]&filter=${encodeURIComponent('{"seeded":false}')}`)
      .expect(200);
    expect(real.body.map((u: { seeded: boolean }) => u.seeded)).toEqual([false, false]); // the media's owner and the visitor
    await asAdmin(t)
      .get(`/api/admin/users?filter=${encodeURIComponent('{"seeded":"maybe"}')}`)
      .expect(400)
      .expect((r) => expect(r.body.message).toBe('filter seeded must be true or false'));
    const totals = (await asAdmin(t).get('/api/admin/users/totals').expect(200)).body;
    expect(totals).toMatchObject({ seededUsers: 50, activeUsers: 2 }); // the media's owner and the visitor who voted
  });

  it("refuses a new run while the last one's fake users exist, unless confirmed again", async () => {
    const refused = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'start' }).expect(409);
    expect(refused.body).toMatchObject({
      error: 'population_exists',
      seededUsers: 50,
      message:
        "A previous population's 50 fake users and their votes are still in the database: remove them first, or confirm again to add another population",
    });
    expect(await q(`SELECT count(*)::int AS n FROM population_runs`)).toEqual([{ n: 1 }]);
    expect((await asAdmin(t).get('/api/admin/populate-votes').expect(200)).body.seededUsers).toBe(50);
  });

  it('a new run after a finished one, confirmed again, adds a fresh set of users and votes', async () => {
    const before = await populationFacts(q);
    const started = await asAdmin(t)
      .post('/api/admin/populate-votes')
      .send({ action: 'start', confirmAgain: true })
      .expect(202);
    expect(started.body.jobId).not.toBe(before.run.job_id);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.result).toMatchObject({ state: 'completed', mediaProcessed: 40, usersCreated: 50 });
    const after = await populationFacts(q);
    expect(after.seeded_users).toBe(100);
    expect(after.seeded_votes).toBe(before.seeded_votes + job.result.totalVotesInserted);
    for (const m of after.media)
      expect({ id: m.id, votes: m.total_votes, views: m.total_views }).toEqual({
        id: m.id,
        votes: m.votes,
        views: m.views,
      });
  });

  it('"Remove populated votes and users" takes every fake user with their votes and views off, tallies included', async () => {
    const before = await populationFacts(q);
    const [{ n: realVotes }] = await q(
      `SELECT count(*)::int AS n FROM votes v JOIN users u ON u.id = v.user_id WHERE NOT u.is_seeded`,
    );
    const started = await asAdmin(t).post('/api/admin/populate-votes/remove').expect(202);
    expect(started.body.jobId).toMatch(/^remove-population-/);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.result).toEqual({
      usersRemoved: 100,
      votesRemoved: before.seeded_votes,
      viewsRemoved: before.seeded_votes,
    });
    expect(job.progress).toMatchObject({ percent: 100, usersRemoved: 100, totalUsers: 100 });
    const after = await populationFacts(q);
    expect(after.seeded_users).toBe(0);
    expect(after.seeded_votes).toBe(0);
    // the visitor's vote and view stay, and every tally equals its rows again
    const [{ n: left }] = await q(`SELECT count(*)::int AS n FROM votes`);
    expect(left).toBe(realVotes);
    for (const m of after.media)
      expect({ id: m.id, votes: m.total_votes, hot: m.hot_votes, views: m.total_views }).toEqual({
        id: m.id,
        votes: m.votes,
        hot: m.hot,
        views: m.views,
      });
    expect(await q(`SELECT action, outcome, target FROM audit_log WHERE action = 'population.remove'`)).toEqual([
      { action: 'population.remove', outcome: 'ok', target: 'populated votes and users' },
    ]);
    // nothing left: refused, and a start needs no second confirmation any more
    const again = await asAdmin(t).post('/api/admin/populate-votes/remove').expect(409);
    expect(again.body.message).toBe('There are no populated users to remove');
    await request(t.server).post('/api/admin/populate-votes/remove').expect(401);
  });

  it('fix-user-sequence sets the next user id to max(id) + 1', async () => {
    const [{ max }] = await q(`SELECT max(id)::int AS max FROM users`);
    await q(`INSERT INTO users (id, session_id, username) VALUES ($1, $2, 'ImportedByHand')`, [
      max + 500,
      'h'.repeat(32),
    ]);
    const res = await asAdmin(t).post('/api/admin/fix-user-sequence').expect(200);
    expect(res.body).toEqual({ success: true, nextUserId: max + 501 });
    const v = await newVisitor(t);
    expect(v.id).toBe(max + 501);
  });

  it('a database reset forgets past runs, whose user and media ids would be handed out again', async () => {
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    const res = await asAdmin(t).get('/api/admin/populate-votes').expect(200);
    expect(res.body).toMatchObject({ state: 'not-started', jobId: null });
    expect(await q(`SELECT id FROM population_runs`)).toEqual([]);
  });

  it('after a reset, a new run votes only as its own fake users, never as the real visitors now holding old ids', async () => {
    // a run, then a reset: user, media and run ids start again, so the next run has this one's id
    await seedStoredMedia(q, 40);
    const first = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'start' }).expect(202);
    expect((await waitForJob(t, first.body.jobId)).state).toBe('completed');
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    // real visitors now hold the ids the old run's fake users had
    const visitors = [];
    for (let i = 0; i < 50; i++) visitors.push(await newVisitor(t));
    await seedStoredMedia(q, 40);
    const media: { id: number }[] = await q(`SELECT id FROM media ORDER BY id`);
    for (const v of visitors.slice(0, 20)) {
      await q(`INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, true)`, [v.id, media[0]!.id]);
    }
    await q(`UPDATE media SET total_votes = 20, hot_votes = 20 WHERE id = $1`, [media[0]!.id]);

    const started = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'start' }).expect(202);
    const job = await waitForJob(t, started.body.jobId);
    // a job of its own (not the finished one of the run before the reset) did the whole run
    expect(started.body.jobId).not.toBe(first.body.jobId);
    expect(job.error).toBeNull();
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ state: 'completed', mediaProcessed: 40, usersCreated: 50 });
    const f = await populationFacts(q);
    expectConsistent(f);
    expect(f.run.media_processed).toBe(40);
    expect(f.seeded_votes_by_real_users).toBe(0);
    const [real] = await q(`SELECT count(*)::int AS n FROM votes WHERE user_id = ANY($1::int[])`, [
      visitors.map((v) => v.id),
    ]);
    expect(real.n).toBe(20);
  });
});

describe(`population control without a runner (${dbKind}, RUN_JOBS=false)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RUN_JOBS: 'false' });
    await seedStoredMedia(queryOf(t), 5);
  });
  afterAll(() => t?.close());
  const q = (sql: string, params?: unknown[]) => queryOf(t)(sql, params);

  it('a second start while one runs answers 409 job_running with its job: one run, one job, no double work', async () => {
    const a = await asAdmin(t).post('/api/admin/populate-votes').expect(202);
    const [b, c] = await Promise.all([
      asAdmin(t).post('/api/admin/populate-votes').expect(409),
      asAdmin(t).post('/api/admin/populate-votes').send({ action: 'start' }).expect(409),
    ]);
    expect(b.body).toEqual({
      statusCode: 409,
      error: 'job_running',
      message: 'populate-votes is already running',
      jobId: a.body.jobId,
    });
    expect(c.body.jobId).toBe(a.body.jobId);
    expect(await q(`SELECT state FROM population_runs`)).toEqual([{ state: 'running' }]);
    expect(await q(`SELECT id, state FROM jobs`)).toEqual([{ id: a.body.jobId, state: 'waiting' }]);
  });

  it('pause, start-while-paused, continue and stop move the run and queue one job per segment', async () => {
    const paused = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'pause' }).expect(200);
    expect(paused.body).toMatchObject({ state: 'paused', paused: true, success: true });
    expect(paused.body.message).toMatch(/^Population paused after 0 votes on 0 of 5 media/);

    const refused = await asAdmin(t).post('/api/admin/populate-votes').expect(409);
    expect(refused.body.message).toBe('A vote population is paused: continue or stop it first');
    expect(await q(`SELECT count(*)::int AS n FROM population_runs`)).toEqual([{ n: 1 }]);

    const resumed = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'continue' }).expect(202);
    expect(resumed.body).toMatchObject({ state: 'running', paused: false });
    expect(resumed.body.jobId).toMatch(/-s2$/);

    // its users exist and are still voting: removing them is refused until the run ends
    const removal = await asAdmin(t).post('/api/admin/populate-votes/remove').expect(409);
    expect(removal.body.message).toBe(
      'A vote population is running or paused: stop it before removing populated votes and users',
    );

    const stopped = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'stop' }).expect(200);
    expect(stopped.body).toMatchObject({ state: 'stopped', paused: false, success: true });
    expect((await asAdmin(t).get('/api/admin/populate-votes').expect(200)).body.state).toBe('stopped');
    await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'stop' }).expect(409);
    expect(await q(`SELECT count(*)::int AS n FROM jobs`)).toEqual([{ n: 2 }]);
    expect(await q(`SELECT count(*)::int AS n FROM votes`)).toEqual([{ n: 0 }]);
  });
});

describe(`population pause, continue and restart with a runner (${dbKind}, database job queue)`, () => {
  // one database for two app lifetimes, to restart "the server" in the middle of a run
  const store: { env: Record<string, string>; drop(): Promise<void> } = { env: {}, drop: async () => {} };
  let t: TestApp;
  const q = (sql: string, params?: unknown[]) => queryOf(t)(sql, params);
  // enough checkpoints that a pause lands well before the end (PGlite is the slower engine)
  const MEDIA = dbKind === 'pglite' ? 1500 : 3000;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-population-'));
    store.env = { DATA_DIR: dir };
    store.drop = () => rm(dir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) {
      const database = await createTestDatabase('vibe_pop', { migrated: true });
      store.env.DATABASE_URL = database.url;
      store.drop = async () => {
        await rm(dir, { recursive: true, force: true });
        await database.drop();
      };
    }
    t = await startTestApp(store.env);
    await seedStoredMedia(q, MEDIA);
  });
  afterAll(async () => {
    await t?.close();
    await store.drop();
  });

  const votesSoFar = async () =>
    Number((await q(`SELECT votes_inserted FROM population_runs`))[0]?.votes_inserted ?? 0);

  it('pauses at a checkpoint, stays put, and continues to the end without inserting twice', async () => {
    const started = await asAdmin(t).post('/api/admin/populate-votes').expect(202);
    await eventually(async () => (await votesSoFar()) > 0, 'the first checkpoint');
    const paused = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'pause' }).expect(200);
    expect(paused.body.paused).toBe(true);

    const first = await waitForJob(t, started.body.jobId);
    expect(first.state).toBe('completed');
    expect(first.result).toMatchObject({ paused: true, state: 'paused', success: true });
    const atPause = await populationFacts(q);
    expectConsistent(atPause);
    expect(atPause.run.media_processed).toBeLessThan(MEDIA);
    expect(first.result.totalVotesInserted).toBe(atPause.seeded_votes);

    const resumed = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'continue' }).expect(202);
    expect(resumed.body.jobId).not.toBe(started.body.jobId);
    expect(resumed.body.mediaProcessed).toBe(atPause.run.media_processed);
    await eventually(async () => (await votesSoFar()) > atPause.seeded_votes, 'progress after continue');

    // "restart the server" mid-run: the job stops at a checkpoint and goes back to the queue
    await t.close();
    t = await startTestApp(store.env);
    const job = await waitForJob(t, resumed.body.jobId, 120_000);
    expect(job.state).toBe('completed');
    expect(job.attemptsMade).toBe(1); // the shutdown did not count as a failed attempt
    const done = await populationFacts(q);
    expectConsistent(done);
    expect(done.run.state).toBe('completed');
    expect(done.run.media_processed).toBe(MEDIA);
    expect(job.result).toMatchObject({
      state: 'completed',
      mediaProcessed: MEDIA,
      totalVotesInserted: done.seeded_votes,
    });
  });
});
