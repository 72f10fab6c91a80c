import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { asAdmin, db, seedStoredMedia, seedView, seedVote, tableCounts } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

describe(`admin database tests, statistics and reset (${dbKind})`, () => {
  let t: TestApp;
  let keys: string[];
  beforeAll(async () => {
    t = await startTestApp();
    const [a, b, c] = [await newVisitor(t), await newVisitor(t), await newVisitor(t)];
    const m1 = await seedStoredMedia(t, { userId: a.id });
    const m2 = await seedStoredMedia(t, { userId: b.id, mimeType: 'video/mp4', originalName: 'v.mp4' });
    keys = [m1.storageKey, m2.storageKey];
    await seedVote(t, b.id, m1.id, true);
    await seedVote(t, c.id, m1.id, false);
    await seedVote(t, a.id, m2.id, true);
    await seedView(t, c.id, m1.id);
    await asAdmin(t)
      .post('/api/admin/ad-config/zone1')
      .send({ zoneName: 'Ad Zone 1', adCode: '<b>ad</b>' })
      .expect(201);
    await asAdmin(t)
      .post('/api/admin/idle-redirect-config')
      .send({ idleRedirectTime: 60, idleRedirectUrl: 'https://example.com' })
      .expect(201);
  });
  afterAll(() => t.close());

  it('tests the connection', async () => {
    const res = await asAdmin(t).get('/api/db-test/connection').expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Database connection OK',
      engine: dbKind === 'postgres' ? 'postgresql' : 'pglite',
      version: expect.stringMatching(/PostgreSQL \d+/),
      durationMs: expect.any(Number),
    });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('lists the tables and finds none missing', async () => {
    const res = await asAdmin(t).get('/api/db-test/schema').expect(200);
    expect(res.body).toMatchObject({ success: true, missing: [], durationMs: expect.any(Number) });
    const names = res.body.tables.map((x: { name: string }) => x.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'users',
        'media',
        'votes',
        'views',
        'ad_configs',
        'idle_redirect_configs',
        'back_button_configs',
      ]),
    );
    expect(res.body.tables.find((x: { name: string }) => x.name === 'votes')).toEqual({ name: 'votes', columns: 5 });
  });

  it('counts users and media, and runs the sample queries', async () => {
    const counts = await asAdmin(t).get('/api/db-test/counts').expect(200);
    expect(counts.body).toEqual({ success: true, totalUsers: 3, totalMedia: 2, durationMs: expect.any(Number) });
    const queries = await asAdmin(t).get('/api/db-test/queries').expect(200);
    expect(queries.body.success).toBe(true);
    expect(queries.body.queries).toHaveLength(5);
    for (const q of queries.body.queries)
      expect(q).toEqual({ name: expect.any(String), rowCount: expect.any(Number), durationMs: expect.any(Number) });
    expect(queries.body.queries.find((q: { name: string }) => q.name === 'Newest media').rowCount).toBe(2);
  });

  it('answers the four statistics', async () => {
    const res = await asAdmin(t).get('/api/admin/stats').expect(200);
    expect(res.body).toEqual({ totalUsers: 3, totalMedia: 2, totalVotes: 3, totalViews: 1, seededUsers: 0 });
  });

  it.each([
    [{}, /Type RESET DATABASE to confirm the reset/],
    [{ confirm: 'reset database' }, /Type RESET DATABASE to confirm the reset/],
    [{ confirm: 'RESET DATABASE ' }, /Type RESET DATABASE to confirm the reset/],
    [{ confirm: true }, /Type RESET DATABASE to confirm the reset/],
    [{ confirm: 'RESET DATABASE', force: true }, /force should not exist/],
  ])('refuses a reset with %j and deletes nothing', async (body, message) => {
    const before = await tableCounts(t);
    const res = await asAdmin(t).post('/api/admin/reset-database').send(body).expect(400);
    expect(res.body.message).toMatch(message);
    expect(await tableCounts(t)).toEqual(before);
  });

  it('resets users, media, votes and views, keeps settings and the bucket', async () => {
    const res = await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: expect.stringMatching(/Files in the bucket were kept/),
      deleted: { totalUsers: 3, totalMedia: 2, totalVotes: 3, totalViews: 1 },
    });
    expect(await tableCounts(t)).toMatchObject({ users: 0, media: 0, votes: 0, views: 0, ad_configs: 1 });
    for (const key of keys) expect(await t.app.get(ObjectStorage).stat(key)).not.toBeNull();
    expect((await asAdmin(t).get('/api/admin/stats').expect(200)).body).toEqual({
      totalUsers: 0,
      totalMedia: 0,
      totalVotes: 0,
      totalViews: 0,
      seededUsers: 0,
    });
    expect((await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body.adCode).toBe('<b>ad</b>');
    expect((await asAdmin(t).get('/api/admin/idle-redirect-config').expect(200)).body.idleRedirectUrl).toBe(
      'https://example.com/', // stored normalised
    );
    // the site works on: a new visitor starts from id 1 again
    const fresh = await newVisitor(t);
    expect(fresh.id).toBe(1);
  });

  it('reports a missing table as a failed schema check (503)', async () => {
    await db(t).query(`DROP TABLE back_button_configs`);
    const res = await asAdmin(t).get('/api/db-test/schema').expect(503);
    expect(res.body.message).toBe('Schema check failed: missing tables back_button_configs (run the migrations)');
    await asAdmin(t).post('/api/admin/traffic-handler-migration').expect(200);
    await asAdmin(t).get('/api/db-test/schema').expect(200);
  });
});
