import request from 'supertest';
import { DataSource } from 'typeorm';
import { pngImage, mediaState, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

describe(`votes (${dbKind})`, () => {
  let t: TestApp;
  let owner: Visitor;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await newVisitor(t);
  });
  afterAll(() => t.close());

  const newMedia = async () => (await upload(owner, await pngImage(), 'p.png').expect(201)).body.id as number;
  const vote = (v: Visitor, mediaId: number, isHot: boolean) =>
    v.agent.post('/api/votes').send({ userId: v.id, mediaId, isHot });
  const tallies = async (mediaId: number) =>
    (await t.app.get(DataSource).query(`SELECT hot_votes, total_votes FROM media WHERE id = $1`, [mediaId]))[0];

  it('records a vote and answers the new tallies in whole percentages', async () => {
    const m = await newMedia();
    const [a, b, c] = [await newVisitor(t), await newVisitor(t), await newVisitor(t)];
    const first = await vote(a, m, true).expect(201);
    expect(first.body).toEqual({
      mediaId: m,
      isHot: true,
      totalVotes: 1,
      hotVotes: 1,
      hotPercentage: 100,
      notPercentage: 0,
    });
    expect((await vote(b, m, false).expect(201)).body).toMatchObject({
      isHot: false,
      totalVotes: 2,
      hotVotes: 1,
      hotPercentage: 50,
      notPercentage: 50,
    });
    expect((await vote(c, m, true).expect(201)).body).toMatchObject({
      totalVotes: 3,
      hotVotes: 2,
      hotPercentage: 67,
      notPercentage: 33,
    });
    expect(await tallies(m)).toEqual({ hot_votes: 2, total_votes: 3 });
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT user_id, is_hot FROM votes WHERE media_id = $1 ORDER BY voted_at, user_id`, [m]);
    expect(rows).toEqual([
      { user_id: a.id, is_hot: true },
      { user_id: b.id, is_hot: false },
      { user_id: c.id, is_hot: true },
    ]);
  });

  it('refuses a second vote with 409 and keeps the tallies, even when both arrive at once', async () => {
    const m = await newMedia();
    const v = await newVisitor(t);
    await vote(v, m, true).expect(201);
    const again = await vote(v, m, false).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'You have already voted on this media' });
    expect(await tallies(m)).toEqual({ hot_votes: 1, total_votes: 1 });

    const racer = await newVisitor(t);
    const m2 = await newMedia();
    const answers = await Promise.all([vote(racer, m2, true), vote(racer, m2, true), vote(racer, m2, false)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const after = await tallies(m2);
    expect(after.total_votes).toBe(1);
  });

  it('refuses a vote on own media (403) and on unknown media (404), changing nothing', async () => {
    const m = await newMedia();
    const before = await mediaState(t);
    const own = await vote(owner, m, true).expect(403);
    expect(own.body.message).toBe('You cannot vote on your own media');
    const v = await newVisitor(t);
    const missing = await vote(v, 2147483000, true).expect(404);
    expect(missing.body.message).toBe('Media not found');
    expect(await mediaState(t)).toEqual(before);
    expect(await tallies(m)).toEqual({ hot_votes: 0, total_votes: 0 });
  });

  it.each([
    [{ mediaId: 1, isHot: 'yes' }, /isHot/],
    [{ mediaId: 1 }, /isHot/],
    [{ isHot: true }, /mediaId/],
    [{ mediaId: '1', isHot: true }, /mediaId/],
    [{ mediaId: 1.5, isHot: true }, /mediaId/],
    [{ mediaId: 99999999999, isHot: true }, /mediaId/],
    [{ mediaId: 1, isHot: true, weight: 10 }, /weight/],
  ])('rejects the bad vote body %j with 400 and changes nothing', async (body, message) => {
    const v = await newVisitor(t);
    const before = await mediaState(t);
    const res = await v.agent
      .post('/api/votes')
      .send({ userId: v.id, ...body })
      .expect(400);
    expect(res.body.message).toMatch(message);
    expect(await mediaState(t)).toEqual(before);
  });

  it("refuses a vote in another user's name (403), without a userId (400) or without a session (401)", async () => {
    const m = await newMedia();
    const v = await newVisitor(t);
    const other = await newVisitor(t);
    const before = await mediaState(t);
    await v.agent.post('/api/votes').send({ userId: other.id, mediaId: m, isHot: true }).expect(403);
    await v.agent.post('/api/votes').send({ mediaId: m, isHot: true }).expect(400);
    await request(t.server).post('/api/votes').send({ userId: v.id, mediaId: m, isHot: true }).expect(401);
    expect(await mediaState(t)).toEqual(before);
  });
});
