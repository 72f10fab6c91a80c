import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { pngImage, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const hidden = async (t: TestApp, ids: number[]): Promise<boolean[]> =>
  (await db(t).query(`SELECT hidden FROM media WHERE id = ANY($1::int[]) ORDER BY id`, [ids])).map(
    (r: { hidden: boolean }) => r.hidden,
  );

describe(`bans (${dbKind})`, () => {
  let t: TestApp;
  let other: Visitor;
  beforeAll(async () => {
    t = await startTestApp({ MODERATION_HIDE_AFTER: '2' });
    other = await newVisitor(t);
  });
  afterAll(() => t.close());

  it('a banned visitor still reads, but upload, vote and report answer 403 banned and change nothing', async () => {
    const v = await newVisitor(t);
    const theirs = await seedStoredMedia(t, { userId: other.id });
    await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [v.id] })
      .expect(200);

    expect((await v.agent.get('/api/session').expect(200)).body.banned).toBe(true);
    await v.agent.get(`/api/users/${v.id}/stats`).expect(200);
    await v.agent.get(`/api/media/random/${v.id}`).expect(200);

    const refused = [
      await upload(v, await pngImage(), 'x.png'),
      await v.agent.post('/api/votes').send({ userId: v.id, mediaId: theirs.id, isHot: true }),
      await v.agent.post(`/api/media/${theirs.id}/report`).send({ reason: 'spam' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, error: 'banned', message: expect.stringMatching(/banned/) });
    }
    const [counts] = await db(t).query(
      `SELECT (SELECT count(*)::int FROM media WHERE user_id = $1) AS media,
              (SELECT count(*)::int FROM votes WHERE user_id = $1) AS votes,
              (SELECT count(*)::int FROM reports WHERE user_id = $1) AS reports`,
      [v.id],
    );
    expect(counts).toEqual({ media: 0, votes: 0, reports: 0 });

    await asAdmin(t)
      .post('/api/admin/users/unban')
      .send({ ids: [v.id] })
      .expect(200);
    expect((await v.agent.get('/api/session').expect(200)).body.banned).toBe(false);
    await v.agent.post('/api/votes').send({ userId: v.id, mediaId: theirs.id, isHot: true }).expect(201);
  });

  it("hides the banned user's media and closes their open reports as banned; unban keeps report-hidden items hidden", async () => {
    const owner = await newVisitor(t);
    const [plain, reported] = [
      await seedStoredMedia(t, { userId: owner.id }),
      await seedStoredMedia(t, { userId: owner.id }),
    ];
    const reporters = [await newVisitor(t), await newVisitor(t)];
    for (const r of reporters)
      await r.agent.post(`/api/media/${reported.id}/report`).send({ reason: 'hate' }).expect(201);
    expect(await hidden(t, [plain.id, reported.id])).toEqual([false, true]);

    const ban = await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [owner.id, 999_999] })
      .expect(200);
    expect(ban.body).toEqual({ banned: [owner.id], notFound: [999_999], mediaDeleted: 0 });
    expect(await hidden(t, [plain.id, reported.id])).toEqual([true, true]);
    const decided = (await asAdmin(t).get('/api/admin/moderation?status=decided').expect(200)).body;
    expect(decided.find((r: { id: number }) => r.id === reported.id)).toMatchObject({
      status: 'banned',
      fileDeleted: false,
    });
    const users = await asAdmin(t)
      .get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ banned: true }))}`)
      .expect(200);
    expect(users.body.map((u: { id: number }) => u.id)).toEqual([owner.id]);
    expect(users.body[0]).toMatchObject({ banned: true, bannedAt: expect.stringMatching(/^\d{4}-/) });
    // the owner's card shows nothing under review while the ban, not the reports, decides
    const stats = (await owner.agent.get(`/api/users/${owner.id}/stats`).expect(200)).body;
    expect(stats.mediaStats.map((m: { underReview: boolean }) => m.underReview)).toEqual([false, false]);

    const unban = await asAdmin(t)
      .post('/api/admin/users/unban')
      .send({ ids: [owner.id, 999_999] })
      .expect(200);
    expect(unban.body).toEqual({ unbanned: [owner.id], notFound: [999_999] });
    expect(await hidden(t, [plain.id, reported.id])).toEqual([false, true]);
    const open = (await asAdmin(t).get('/api/admin/moderation').expect(200)).body;
    expect(open.find((r: { id: number }) => r.id === reported.id)).toMatchObject({ status: 'open', hidden: true });
  });

  it('ban with deleteMedia deletes all their media and stored objects; refuses bad bodies', async () => {
    const owner = await newVisitor(t);
    const media = [await seedStoredMedia(t, { userId: owner.id }), await seedStoredMedia(t, { userId: owner.id })];
    await other.agent.post(`/api/media/${media[0]!.id}/report`).send({ reason: 'spam' }).expect(201);
    const res = await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [owner.id], deleteMedia: true })
      .expect(200);
    expect(res.body).toEqual({ banned: [owner.id], notFound: [], mediaDeleted: 2 });
    // the Decided row keeps the ban as its decision and says the file is gone
    const decided = (await asAdmin(t).get('/api/admin/moderation?status=decided').expect(200)).body;
    expect(decided.find((r: { id: number }) => r.id === media[0]!.id)).toMatchObject({
      status: 'banned',
      fileDeleted: true,
    });
    expect((await db(t).query(`SELECT count(*)::int AS n FROM media WHERE user_id = $1`, [owner.id]))[0].n).toBe(0);
    for (const m of media) expect(await t.app.get(ObjectStorage).stat(m.storageKey)).toBeNull();

    for (const body of [
      {},
      { ids: [] },
      { ids: [owner.id], deleteMedia: 'yes' },
      { ids: [0] },
      { ids: [owner.id], x: 1 },
    ]) {
      await asAdmin(t).post('/api/admin/users/ban').send(body).expect(400);
    }
    await asAdmin(t).post('/api/admin/users/unban').send({ ids: 'all' }).expect(400);
  });
});
