import pg from 'pg';
import request from 'supertest';
import { DailyCounts1763800100000 } from '../src/platform/database/migrations/1763800100000-daily-counts.js';
import { sqlFiles } from '../src/platform/database/sql-files.js';
import { AdminListsAtScale1796100000000 } from '../src/platform/database/migrations/1796100000000-admin-lists-at-scale.js';
import { pngImage, upload } from './fixtures/media-fixtures.js';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { putObject, insertMediaRows as seedManyMedia, waitForJob } from './support/jobs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const DAY = 24 * 3600 * 1000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** What counting the tables answers: the figures the counters must always equal. */
async function counted(t: TestApp) {
  const [r] = await db(t).query(`
    SELECT (SELECT count(*) FROM users)::int AS "totalUsers", (SELECT count(*) FROM media)::int AS "totalMedia",
           (SELECT count(*) FROM votes)::int AS "totalVotes", (SELECT count(*) FROM views)::int AS "totalViews",
           (SELECT count(*) FROM users u WHERE EXISTS (SELECT 1 FROM media m WHERE m.user_id = u.id)
                                         OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = u.id))::int AS "activeUsers",
           (SELECT count(*) FROM users u WHERE NOT is_seeded AND (EXISTS (SELECT 1 FROM media m WHERE m.user_id = u.id)
                                         OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = u.id)))::int AS "realActiveUsers",
           (SELECT count(*) FROM users WHERE is_seeded)::int AS "seededUsers",
           (SELECT count(*) FROM users WHERE email_verified)::int AS "savedAccounts"`);
  return r as Record<string, number>;
}

/** The per-day series a GROUP BY over the tables answers (UTC days), for the days that have rows. */
async function countedDaily(t: TestApp): Promise<Record<string, { uploads: number; votes: number; users: number }>> {
  const rows: Array<{ day: string; uploads: number; votes: number; users: number }> = await db(t).query(`
    SELECT day, sum(uploads)::int AS uploads, sum(votes)::int AS votes, sum(users)::int AS users FROM (
      SELECT to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 1 AS uploads, 0 AS votes, 0 AS users FROM media
      UNION ALL SELECT to_char(voted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 1, 0 FROM votes
      UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 0, 1 FROM users WHERE NOT is_seeded) x
    GROUP BY day`);
  return Object.fromEntries(rows.map((r) => [r.day, { uploads: r.uploads, votes: r.votes, users: r.users }]));
}

/** Every admin figure the counters feed equals the count of the tables (fake users out of the active and new ones). */
async function expectCountersRight(t: TestApp, label: string) {
  const real = await counted(t);
  const stats = (await asAdmin(t).get('/api/admin/stats').expect(200)).body;
  expect(stats, label).toEqual({
    totalUsers: real.totalUsers,
    totalMedia: real.totalMedia,
    totalVotes: real.totalVotes,
    totalViews: real.totalViews,
    seededUsers: real.seededUsers,
  });
  expect((await asAdmin(t).get('/api/admin/media/totals').expect(200)).body, label).toEqual({
    totalMedia: real.totalMedia,
    totalVotes: real.totalVotes,
    totalViews: real.totalViews,
  });
  expect((await asAdmin(t).get('/api/admin/users/totals').expect(200)).body, label).toEqual({
    totalUsers: real.totalUsers,
    activeUsers: real.realActiveUsers,
    savedAccounts: real.savedAccounts,
    seededUsers: real.seededUsers,
  });
  const counts = (await asAdmin(t).get('/api/db-test/counts').expect(200)).body;
  expect({ totalUsers: counts.totalUsers, totalMedia: counts.totalMedia }, label).toEqual({
    totalUsers: real.totalUsers,
    totalMedia: real.totalMedia,
  });
  // each user's own counters (the admin Users list's votes cast and uploads) equal a recount
  const drift = await db(t).query(`
    SELECT id, votes_cast, uploads FROM (
      SELECT u.id, u.votes_cast, u.uploads,
             (SELECT count(*) FROM votes v WHERE v.user_id = u.id)::int AS votes,
             (SELECT count(*) FROM media m WHERE m.user_id = u.id)::int AS media
        FROM users u) x
     WHERE votes_cast <> votes OR uploads <> media`);
  expect(drift, `${label}: users whose votes_cast or uploads differ from a recount`).toEqual([]);
  const expected = await countedDaily(t);
  const { days } = (await asAdmin(t).get('/api/admin/stats/daily?days=365').expect(200)).body;
  for (const d of days as Array<{ day: string; uploads: number; votes: number; users: number }>) {
    expect(d, `${label}: ${d.day}`).toEqual({ day: d.day, ...(expected[d.day] ?? { uploads: 0, votes: 0, users: 0 }) });
  }
}

const vote = (v: Visitor, mediaId: number, isHot = true) =>
  v.agent.post('/api/votes').send({ userId: v.id, mediaId, isHot });

describe(`admin totals and daily series from counters (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('start at zero on an empty database', async () => {
    expect((await asAdmin(t).get('/api/admin/stats').expect(200)).body).toEqual({
      totalUsers: 0,
      totalMedia: 0,
      totalVotes: 0,
      totalViews: 0,
      seededUsers: 0,
    });
    await expectCountersRight(t, 'empty');
  });

  it('follow sessions, uploads, votes, views, verified e-mails and deletes', async () => {
    const [a, b, c] = [await newVisitor(t), await newVisitor(t), await newVisitor(t)];
    await expectCountersRight(t, 'three visitors, none active');
    const up1 = (await upload(a, await pngImage(), 'one.png').expect(201)).body.id as number;
    const up2 = (await upload(a, await pngImage(8, 8, '#ff0000'), 'two.png').expect(201)).body.id as number;
    const up3 = (await upload(b, await pngImage(9, 9, '#00ff00'), 'three.png').expect(201)).body.id as number;
    await expectCountersRight(t, 'uploads');
    await vote(b, up1).expect(201);
    await vote(c, up1, false).expect(201);
    await vote(c, up2).expect(201);
    await vote(c, up2).expect(409); // a second vote changes nothing
    await vote(a, up1).expect(403); // nor does a vote on one's own media
    await c.agent.post(`/api/media/${up3}/view`).send({ userId: c.id }).expect(200);
    await c.agent.post(`/api/media/${up3}/view`).send({ userId: c.id }).expect(200); // counted once
    await a.agent.post(`/api/media/${up3}/view`).send({ userId: a.id }).expect(200);
    await expectCountersRight(t, 'votes and views');
    await db(t).query(`UPDATE users SET email = 'c@example.com', email_verified = true WHERE id = $1`, [c.id]);
    await db(t).query(`UPDATE users SET email_verified = true WHERE id = $1`, [c.id]); // unchanged: not counted twice
    await expectCountersRight(t, 'a verified e-mail');
    expect((await asAdmin(t).get('/api/admin/users/totals').expect(200)).body.savedAccounts).toBe(1);

    expect((await asAdmin(t).get('/api/admin/users/totals').expect(200)).body.activeUsers).toBe(3);
    // the owner deletes up1 and its votes go: b stays active (an upload), c too (a vote on up2)
    await a.agent.delete(`/api/media/${up1}?userId=${a.id}`).expect(200);
    await expectCountersRight(t, 'a visitor deleted media with votes');
    expect((await asAdmin(t).get('/api/admin/users/totals').expect(200)).body.activeUsers).toBe(3);
    // the admin deletes up2: a has no upload left, c no vote left (views do not make a user active)
    await asAdmin(t).delete(`/api/admin/media/${up2}`).expect(200);
    await expectCountersRight(t, 'the admin deleted media');
    expect((await asAdmin(t).get('/api/admin/users/totals').expect(200)).body.activeUsers).toBe(1);
    await db(t).query(`UPDATE users SET email = 'other@example.com', email_verified = false WHERE id = $1`, [c.id]);
    await expectCountersRight(t, 'an e-mail changed and unverified');
  });

  it('count backdated rows on their own UTC day, with every day of the span listed', async () => {
    const owner = await newVisitor(t);
    const voter = await newVisitor(t);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    const m = await seedStoredMedia(t, { userId: owner.id, uploadedAt: threeDaysAgo });
    await db(t).query(`INSERT INTO votes (user_id, media_id, is_hot, voted_at) VALUES ($1, $2, true, $3)`, [
      voter.id,
      m.id,
      new Date(Date.now() - 2 * DAY),
    ]);
    const { days } = (await asAdmin(t).get('/api/admin/stats/daily').expect(200)).body;
    expect(days).toHaveLength(30);
    expect(days.at(-1).day).toBe(utcDay(new Date()));
    expect(days[0].day).toBe(utcDay(new Date(Date.now() - 29 * DAY)));
    // one entry per day, oldest first, no gaps
    for (let i = 1; i < days.length; i++) expect(Date.parse(days[i].day) - Date.parse(days[i - 1].day)).toBe(DAY);
    const byDay = Object.fromEntries(days.map((d: { day: string }) => [d.day, d]));
    expect(byDay[utcDay(threeDaysAgo)].uploads).toBeGreaterThanOrEqual(1);
    expect(byDay[utcDay(new Date(Date.now() - 2 * DAY))].votes).toBeGreaterThanOrEqual(1);
    await expectCountersRight(t, 'backdated rows');

    const today = (await asAdmin(t).get('/api/admin/stats/daily?days=1').expect(200)).body.days;
    expect(today).toHaveLength(1);
    expect(today[0].day).toBe(utcDay(new Date()));
    expect((await asAdmin(t).get('/api/admin/stats/daily?days=365').expect(200)).body.days).toHaveLength(365);
    for (const bad of ['0', '366', '-1', '2.5', 'abc', '1e3']) {
      const res = await asAdmin(t).get(`/api/admin/stats/daily?days=${bad}`).expect(400);
      expect(res.body.message).toMatch(/days must be a whole number from 1 to 365/);
    }
  });

  it('follow writers that bypass the services: bulk SQL, a user deleted with everything hanging off it', async () => {
    const owner = await seedManyMedia((sql, p) => db(t).query(sql, p), 40);
    const voters: Visitor[] = [];
    for (let i = 0; i < 3; i++) voters.push(await newVisitor(t));
    // one statement, many rows (as the population and the import write)
    await db(t).query(
      `INSERT INTO votes (user_id, media_id, is_hot) SELECT u, m.id, true FROM media m, unnest($1::int[]) u WHERE m.user_id = $2`,
      [voters.map((v) => v.id), owner],
    );
    await db(t).query(`INSERT INTO views (user_id, media_id) SELECT $1, id FROM media WHERE user_id = $2`, [
      voters[0]!.id,
      owner,
    ]);
    await expectCountersRight(t, 'bulk inserts');
    // deleting the owner cascades to its media, their votes and views
    await db(t).query(`DELETE FROM users WHERE id = $1`, [owner]);
    await expectCountersRight(t, 'a user deleted with cascades');
    // and a voter with its votes
    await db(t).query(`DELETE FROM users WHERE id = $1`, [voters[1]!.id]);
    await expectCountersRight(t, 'a voter deleted');
  });

  it("follow a ban that deletes the banned user's media, and the votes cast on it", async () => {
    const [owner, voter] = [await newVisitor(t), await newVisitor(t)];
    const mine = (await upload(owner, await pngImage(7, 7, '#abcdef'), 'banned.png').expect(201)).body.id as number;
    await vote(voter, mine).expect(201);
    await expectCountersRight(t, 'before the ban');
    await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [owner.id], deleteMedia: true })
      .expect(200);
    await expectCountersRight(t, 'a ban that deleted media');
    const [row] = await db(t).query(`SELECT votes_cast FROM users WHERE id = $1`, [voter.id]);
    expect(row.votes_cast).toBe(0);
  });

  it('follow the vote population and the bucket import (jobs)', async () => {
    await seedManyMedia((sql, p) => db(t).query(sql, p), 12);
    const started = await asAdmin(t).post('/api/admin/populate-votes').send({ action: 'start' }).expect(202);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.state).toBe('completed');
    await expectCountersRight(t, 'after a population');
    // its fake users are counted apart: not active users, not new users
    const seeded = (await asAdmin(t).get('/api/admin/stats').expect(200)).body.seededUsers;
    expect(seeded).toBe(50);
    const real = await counted(t);
    expect(real.activeUsers - real.realActiveUsers).toBe(50);

    await putObject(t, 'import/a.png', await pngImage(5, 5, '#123456'), 'image/png');
    await putObject(t, 'import/b.png', await pngImage(6, 6, '#654321'), 'image/png');
    const imp = await asAdmin(t).post('/api/admin/import-media').expect(202);
    expect((await waitForJob(t, imp.body.jobId)).result.imported).toBe(2);
    await expectCountersRight(t, 'after an import');
  });

  it('the unfiltered admin lists take their totals from the counters', async () => {
    const real = await counted(t);
    const media = await asAdmin(t).get('/api/admin/media?range=[0,4]').expect(200);
    expect(media.headers['content-range']).toBe(`media 0-4/${real.totalMedia}`);
    const users = await asAdmin(t).get('/api/admin/users?range=[0,4]').expect(200);
    expect(users.headers['content-range']).toBe(`users 0-4/${real.totalUsers}`);
    const active = await asAdmin(t).get(`/api/admin/users?range=[0,0]&filter=${encodeURIComponent('{"active":true}')}`);
    expect(active.headers['content-range']).toBe(`users 0-0/${real.activeUsers}`);
    const inactive = await asAdmin(t).get(
      `/api/admin/users?range=[0,0]&filter=${encodeURIComponent('{"active":false}')}`,
    );
    expect(inactive.headers['content-range']).toMatch(new RegExp(`/${real.totalUsers - real.activeUsers}$`));
    // and with the seeded filter, each part from the counters equals counting it
    for (const filter of [
      { seeded: true },
      { seeded: false },
      { seeded: true, active: true },
      { seeded: false, active: true },
      { seeded: false, active: false },
    ]) {
      const res = await asAdmin(t).get(
        `/api/admin/users?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      const [{ n }] = await db(t).query(
        `SELECT count(*)::int AS n FROM users u WHERE is_seeded = $1 AND ($2::boolean IS NULL OR active = $2)`,
        [filter.seeded, 'active' in filter ? filter.active : null],
      );
      expect(res.headers['content-range'], JSON.stringify(filter)).toMatch(new RegExp(`/${n}$`));
    }
    // and the active filter itself agrees with the definition
    const ids = (await asAdmin(t).get(`/api/admin/users?filter=${encodeURIComponent('{"active":true}')}`)).body.map(
      (u: { id: number }) => u.id,
    );
    const expected = await db(t).query(
      `SELECT id FROM users u WHERE EXISTS (SELECT 1 FROM media m WHERE m.user_id = u.id)
          OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = u.id) ORDER BY id`,
    );
    expect([...ids].sort((x: number, y: number) => x - y)).toEqual(expected.map((r: { id: number }) => r.id));
  });

  it('follow the removal of populated votes and users (a job)', async () => {
    expect((await counted(t)).seededUsers).toBe(50);
    const removal = await asAdmin(t).post('/api/admin/populate-votes/remove').expect(202);
    expect((await waitForJob(t, removal.body.jobId)).state).toBe('completed');
    await expectCountersRight(t, 'after the population was removed');
    expect((await asAdmin(t).get('/api/admin/stats').expect(200)).body.seededUsers).toBe(0);
  });

  it('the migration counts the rows that existed before it', async () => {
    const before = await counted(t);
    // as the migration runner does: each migration in its own transaction (on PGlite the runner
    // holds the only session, so nothing else may query until it is released)
    const runner = db(t).createQueryRunner();
    try {
      await runner.startTransaction();
      await new DailyCounts1763800100000().down(runner);
      await runner.commitTransaction();
      // rows written while no trigger counts them
      const [u] = await runner.query(
        `INSERT INTO users (session_id, username, created_at) VALUES ('premigration'||repeat('x', 20), 'PreMigration', now() - interval '40 days') RETURNING id`,
      );
      await runner.query(
        `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, uploaded_at)
         VALUES ($1, 'pre/one.png', 'one.png', 'image/png', 1, now() - interval '39 days')`,
        [u.id],
      );
      await runner.startTransaction();
      await new DailyCounts1763800100000().up(runner);
      await runner.commitTransaction();
      // then what follows it on an upgrade: the later functions (that migration created its own
      // first versions) and the migration that backfills the users' counters
      for (const file of sqlFiles()) await runner.query(file.text);
      await new AdminListsAtScale1796100000000().up(runner);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const after = await counted(t);
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.totalMedia).toBe(before.totalMedia + 1);
    await expectCountersRight(t, 'after the migration ran over existing rows');
  });

  it("the admin lists' migration backfills every user's votes cast and uploads", async () => {
    const [{ voters }] = await db(t).query(`SELECT count(DISTINCT user_id)::int AS voters FROM votes`);
    expect(voters).toBeGreaterThan(0);
    // as on a database upgraded from a release without the columns: every counter at its default
    await db(t).query(`UPDATE users SET votes_cast = 0, uploads = 0`);
    const runner = db(t).createQueryRunner();
    try {
      await new AdminListsAtScale1796100000000().up(runner); // runs again safely: every step is idempotent
    } finally {
      await runner.release();
    }
    await expectCountersRight(t, 'after the migration backfilled the users counters');
  });

  it('the database reset empties the counters in the same transaction', async () => {
    expect((await counted(t)).totalVotes).toBeGreaterThan(0);
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    expect((await asAdmin(t).get('/api/admin/stats').expect(200)).body).toEqual({
      totalUsers: 0,
      totalMedia: 0,
      totalVotes: 0,
      totalViews: 0,
      seededUsers: 0,
    });
    await expectCountersRight(t, 'after the reset');
    // and they count again afterwards
    const v = await newVisitor(t);
    await upload(v, await pngImage(), 'after-reset.png').expect(201);
    await expectCountersRight(t, 'after the reset, a new upload');
  });

  it('the totals routes need admin credentials', async () => {
    for (const url of [
      '/api/admin/stats',
      '/api/admin/stats/daily',
      '/api/admin/media/totals',
      '/api/admin/users/totals',
    ])
      await request(t.server).get(url).expect(401);
  });
});

// PostgreSQL only (PGlite is one session): registered only there, so the PGlite pass has nothing skipped
if (dbKind === 'postgres') {
  describe('counters under concurrent writers (postgres)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('parallel votes, views and deletes leave every counter equal to the tables', async () => {
      const owners = [await newVisitor(t), await newVisitor(t)];
      const media: number[] = [];
      for (let i = 0; i < 20; i++) media.push((await seedStoredMedia(t, { userId: owners[i % 2]!.id })).id);
      const voters: Visitor[] = [];
      for (let i = 0; i < 12; i++) voters.push(await newVisitor(t));
      // every voter votes on every media, all at once (pool of 10 connections: shards collide too)
      const results = await Promise.all(
        voters.flatMap((v) => [
          ...media.map((id) => vote(v, id, id % 2 === 0)),
          ...media.slice(0, 5).map((id) => v.agent.post(`/api/media/${id}/view`).send({ userId: v.id })),
        ]),
      );
      expect(results.filter((r) => r.status >= 300)).toEqual([]);
      await expectCountersRight(t, 'parallel votes');
      // deletes racing with more votes and with each other
      const more = [await newVisitor(t), await newVisitor(t)];
      const raced = await Promise.all([
        ...media.slice(0, 10).map((id) => asAdmin(t).delete(`/api/admin/media/${id}`)),
        ...more.flatMap((v) => media.map((id) => vote(v, id))),
      ]);
      // a vote on media being deleted may answer 404; nothing may fail
      expect(raced.filter((r) => r.status >= 500).map((r) => r.body)).toEqual([]);
      await expectCountersRight(t, 'deletes racing votes');
    });

    it("a vote and the delete of the same user's last vote, interleaved, leave the user active", async () => {
      const owner = await newVisitor(t);
      const voter = await newVisitor(t);
      const [m1, m2, m3] = [
        await seedStoredMedia(t, { userId: owner.id }),
        await seedStoredMedia(t, { userId: owner.id }),
        await seedStoredMedia(t, { userId: owner.id }),
      ];
      await vote(voter, m1.id).expect(201);
      const a = new pg.Client({ connectionString: t.config.databaseUrl });
      const b = new pg.Client({ connectionString: t.config.databaseUrl });
      await a.connect();
      await b.connect();
      try {
        // the delete of the voter's only vote finishes (triggers included) before the new vote exists
        await a.query('BEGIN');
        await a.query('DELETE FROM media WHERE id = $1', [m1.id]);
        await b.query('BEGIN');
        await b.query('INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, true)', [voter.id, m2.id]);
        await b.query('COMMIT');
        await a.query('COMMIT');
        await expectCountersRight(t, 'delete, then a vote committed before the delete');

        // the settle of the pending recheck waits for a vote of that user still in flight
        await db(t).query(`INSERT INTO activity_rechecks (user_id) VALUES ($1)`, [voter.id]);
        await b.query('BEGIN');
        await b.query('DELETE FROM votes WHERE user_id = $1', [voter.id]); // its last vote goes...
        await b.query('INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, false)', [voter.id, m3.id]); // ...and one comes
        const settling = a.query('SELECT counts_settle()');
        for (;;) {
          const [{ n }] = await db(t).query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND pid = $1`, [
            (a as unknown as { processID: number }).processID,
          ]);
          if (n > 0) break; // the settle is waiting for the voter's transaction
          await new Promise((r) => setTimeout(r, 20));
        }
        await b.query('COMMIT');
        await settling;
        await expectCountersRight(t, 'a settle that waited for a vote in flight');
        const [{ active }] = await db(t).query(`SELECT active FROM users WHERE id = $1`, [voter.id]);
        expect(active).toBe(true);
      } finally {
        await a.end();
        await b.end();
      }
    });
  });
}
