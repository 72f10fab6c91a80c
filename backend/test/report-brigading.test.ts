import request from 'supertest';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId } from './support/visitor.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Reporter {
  id: number;
  cookie: string;
  network: string;
}

let made = 0;
/** A visitor of `network` (a fresh session unless made saved or established below). */
async function visitor(t: TestApp, network = `10.0.${(made >> 8) & 255}.${made & 255}`): Promise<Reporter> {
  made++;
  const res = await request(t.server)
    .post('/api/session')
    .set('X-Forwarded-For', network)
    .send({ sessionId: newSessionId() })
    .expect(200);
  return { id: res.body.id, cookie: String(res.headers['set-cookie']).split(';')[0]!, network };
}

const saved = async (t: TestApp, r: Reporter) => {
  await db(t).query(`UPDATE users SET email = $2, email_verified = true WHERE id = $1`, [r.id, `r${r.id}@example.com`]);
  return r;
};

const report = (t: TestApp, r: Reporter, mediaId: number, network = r.network) =>
  request(t.server)
    .post(`/api/media/${mediaId}/report`)
    .set('Cookie', r.cookie)
    .set('X-Forwarded-For', network)
    .send({ reason: 'spam' });

const hiddenOf = async (t: TestApp, id: number): Promise<boolean> =>
  (await db(t).query(`SELECT hidden FROM media WHERE id = $1`, [id]))[0].hidden;

const queued = async (t: TestApp, id: number): Promise<Json> =>
  (await asAdmin(t).get('/api/admin/moderation?status=open').expect(200)).body.find((r: Json) => r.id === id);

/**
 * Issue 20: three throwaway sessions hid any item (60 items in 183 requests), and after an operator
 * kept them, three new sessions hid them all again.
 */
describe(`reports cannot be brigaded (${dbKind})`, () => {
  let t: TestApp;
  let owner: Reporter;
  beforeAll(async () => {
    t = await startTestApp({
      MODERATION_HIDE_AFTER: '3',
      REPORTER_MIN_AGE_MINUTES: '60',
      REPORTER_MIN_VOTES: '3',
      MODERATION_REPORTERS_PER_NETWORK: '1',
      REPORTS_PER_SESSION_PER_HOUR: '4',
      REPORTS_PER_ADDRESS_PER_HOUR: '6',
    });
    owner = await visitor(t);
  });
  afterAll(() => t?.close());

  it('three fresh sessions cannot hide an item: their reports reach the queue, marked new, counting for nothing', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    for (let i = 0; i < 3; i++) await report(t, await visitor(t), m.id).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(false);
    expect(await queued(t, m.id)).toMatchObject({
      reports: 3,
      countedReports: 0,
      reporters: { saved: 0, established: 0, new: 3 },
      hidden: false,
      keptBefore: false,
    });
  });

  it('an established session (old enough, voted on enough items) counts; reporters of one network count once', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    const others = await Promise.all(Array.from({ length: 3 }, () => seedStoredMedia(t, { userId: owner.id })));
    const established = await visitor(t);
    await db(t).query(`UPDATE users SET created_at = now() - interval '2 hours' WHERE id = $1`, [established.id]);
    for (const o of others)
      await request(t.server)
        .post('/api/votes')
        .set('Cookie', established.cookie)
        .set('X-Forwarded-For', established.network)
        .send({ userId: established.id, mediaId: o.id, isHot: true })
        .expect(201);
    const sameNetwork = [
      await saved(t, await visitor(t, '198.51.100.7')),
      await saved(t, await visitor(t, '198.51.100.7')),
    ];
    await report(t, established, m.id).expect(201);
    for (const r of sameNetwork) await report(t, r, m.id).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(false);
    expect(await queued(t, m.id)).toMatchObject({
      reports: 3,
      countedReports: 2,
      reporters: { saved: 2, established: 1, new: 0 },
    });
    await report(t, await saved(t, await visitor(t)), m.id).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(true);
  });

  it('a kept item is not hidden again by the same threshold: it goes back to the queue, visible', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    for (let i = 0; i < 3; i++) await report(t, await saved(t, await visitor(t)), m.id).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(true);
    await asAdmin(t)
      .post('/api/admin/moderation/keep')
      .send({ ids: [m.id] })
      .expect(200);
    expect(await hiddenOf(t, m.id)).toBe(false);
    // three fresh sessions, then three saved accounts from three networks
    for (let i = 0; i < 3; i++) await report(t, await visitor(t), m.id).expect(201);
    for (let i = 0; i < 3; i++) await report(t, await saved(t, await visitor(t)), m.id).expect(201);
    expect(await hiddenOf(t, m.id)).toBe(false);
    expect(await queued(t, m.id)).toMatchObject({
      status: 'open',
      reports: 6,
      countedReports: 3,
      keptBefore: true,
      hidden: false,
    });
  });

  it('reports are limited per session and per network (429 with Retry-After); a refused report spends nothing', async () => {
    const items = await Promise.all(Array.from({ length: 8 }, () => seedStoredMedia(t, { userId: owner.id })));
    const one = await visitor(t, '203.0.113.40');
    await report(t, one, items[0]!.id).expect(201);
    await report(t, one, items[0]!.id).expect(409); // given back
    for (const m of items.slice(1, 4)) await report(t, one, m.id, '203.0.113.41').expect(201);
    const perSession = await report(t, one, items[4]!.id, '203.0.113.42').expect(429);
    expect(perSession.body).toMatchObject({ error: 'quota_exceeded' });
    expect(perSession.body.message).toMatch(
      /^You have sent the most reports allowed in an hour; try again in \d+ minutes$/,
    );
    expect(Number(perSession.headers['retry-after'])).toBeGreaterThan(0);

    // the network 203.0.113.41 has spent 3 of its 6: three more sessions there, the last refused
    const there = await Promise.all(Array.from({ length: 4 }, () => visitor(t, '203.0.113.41')));
    for (const r of there.slice(0, 3)) await report(t, r, items[5]!.id).expect(201);
    const perNetwork = await report(t, there[3]!, items[5]!.id).expect(429);
    expect(perNetwork.body.message).toMatch(/^Too many reports were sent from your network in the last hour/);
    expect((await db(t).query(`SELECT count(*)::int AS n FROM reports WHERE user_id = $1`, [there[3]!.id]))[0].n).toBe(
      0,
    );
  });
});
