import request from 'supertest';
import { DataSource } from 'typeorm';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { binary, keyOf, pngImage, mediaState, renditionsSettled, tinyMp4, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const ALL_RATED = 'You have rated all the media we have right now - check back soon for more!';

describe(`media: random pick, views, stats, deletion (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  /** An uploaded photo once its renditions exist (only then is it offered to others). */
  const uploadPng = async (v: Visitor, name = 'p.png') => {
    const body = (await upload(v, await pngImage(), name).expect(201)).body;
    // a loaded machine may still be transcoding an earlier test's video (one rendition job at a time)
    await renditionsSettled(t, 150_000);
    return body;
  };
  const random = (v: Visitor, exclude?: number[]) =>
    v.agent.get(`/api/media/random/${v.id}`).query(exclude ? { exclude: exclude.join(',') } : {});

  it('answers JSON null when nobody else has uploaded anything, even with own uploads', async () => {
    const alone = await newVisitor(t);
    const empty = await random(alone).expect(200);
    expect(empty.headers['content-type']).toMatch(/application\/json/);
    expect(empty.text).toBe('null');
    await uploadPng(alone);
    expect((await random(alone).expect(200)).text).toBe('null');
  });

  it('offers every item of others once, never own or voted ones, then answers 404 "rated all"', async () => {
    const owner = await newVisitor(t);
    const rater = await newVisitor(t);
    const own = (await uploadPng(rater, 'mine.png')).id;
    for (let i = 0; i < 3; i++) await uploadPng(owner);
    // earlier tests' uploads count too: the candidates are everything not the rater's
    const candidates: number[] = (await db().query(`SELECT id FROM media WHERE user_id <> $1`, [rater.id])).map(
      (r: { id: number }) => r.id,
    );
    expect(candidates.length).toBeGreaterThanOrEqual(3);

    const seen = new Set<number>();
    for (let i = 0; i < candidates.length; i++) {
      const res = await random(rater).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        mimeType: 'image/png',
        totalVotes: 0,
        hotPercentage: 0,
        notPercentage: 0,
        userHasVoted: false,
      });
      // the spec's `url` is a rendition (the full-size one), never the private original
      expect(res.body.url).toMatch(/^\/media\/renditions\/uploads\//);
      expect(res.body.url).toBe(res.body.fullUrl);
      expect(Object.keys(res.body).sort()).toEqual([
        'fullUrl',
        'height',
        'hotPercentage',
        'id',
        'mimeType',
        'notPercentage',
        'placeholder',
        'playbackUrl',
        'previewUrl',
        'srcset',
        'thumbUrl',
        'totalVotes',
        'url',
        'userHasVoted',
        'width',
      ]);
      expect(res.body.id).not.toBe(own);
      expect(candidates).toContain(res.body.id);
      expect(seen.has(res.body.id)).toBe(false);
      seen.add(res.body.id);
      await rater.agent.post('/api/votes').send({ userId: rater.id, mediaId: res.body.id, isHot: true }).expect(201);
    }
    const done = await random(rater).expect(404);
    expect(done.body).toMatchObject({ statusCode: 404, message: ALL_RATED });
  });

  it('skips excluded items while others remain, and shows an excluded one rather than claiming all are rated', async () => {
    const owner = await newVisitor(t);
    const rater = await newVisitor(t);
    const a = (await uploadPng(owner)).id;
    const b = (await uploadPng(owner)).id;
    // other visitors' media exist in this app too: vote them away so only a and b are left
    await db().query(
      `INSERT INTO votes (user_id, media_id, is_hot) SELECT $1, id, true FROM media WHERE id NOT IN ($2, $3) AND user_id <> $1`,
      [rater.id, a, b],
    );
    for (let i = 0; i < 5; i++) expect((await random(rater, [a]).expect(200)).body.id).toBe(b);
    const onlyExcluded = await random(rater, [a, b]).expect(200);
    expect([a, b]).toContain(onlyExcluded.body.id);
  });

  it('validates the exclude list and who asks', async () => {
    const v = await newVisitor(t);
    const other = await newVisitor(t);
    const bad = await v.agent.get(`/api/media/random/${v.id}?exclude=1,abc`).expect(400);
    expect(bad.body.message).toMatch(/exclude/);
    await v.agent.get(`/api/media/random/${v.id}?exclude=99999999999`).expect(400);
    await v.agent.get(`/api/media/random/${other.id}`).expect(403);
    await request(t.server).get(`/api/media/random/${v.id}`).expect(401);
  });

  it('counts a view once per visitor, never the owner, and refuses bad view requests without counting', async () => {
    const owner = await newVisitor(t);
    const viewer = await newVisitor(t);
    const m = await uploadPng(owner);
    const views = async () => (await db().query(`SELECT total_views FROM media WHERE id = $1`, [m.id]))[0].total_views;

    expect((await viewer.agent.post(`/api/media/${m.id}/view`).send({ userId: viewer.id }).expect(200)).body).toEqual({
      recorded: true,
    });
    expect((await viewer.agent.post(`/api/media/${m.id}/view`).send({ userId: viewer.id }).expect(200)).body).toEqual({
      recorded: false,
    });
    expect((await owner.agent.post(`/api/media/${m.id}/view`).send({ userId: owner.id }).expect(200)).body).toEqual({
      recorded: false,
    });
    expect(await views()).toBe(1);

    const before = await mediaState(t);
    const missing = await viewer.agent.post('/api/media/2147483000/view').send({ userId: viewer.id }).expect(404);
    expect(missing.body.message).toBe('Media not found');
    await viewer.agent.post('/api/media/abc/view').send({ userId: viewer.id }).expect(400);
    await viewer.agent.post(`/api/media/${m.id}/view`).send({}).expect(400);
    await viewer.agent.post(`/api/media/${m.id}/view`).send({ userId: owner.id }).expect(403);
    await request(t.server).post(`/api/media/${m.id}/view`).send({ userId: viewer.id }).expect(401);
    expect(await mediaState(t)).toEqual(before);
    expect(await views()).toBe(1);
  });

  it('gives a visitor their own statistics from the counters, newest first', async () => {
    const owner = await newVisitor(t);
    const others = [await newVisitor(t), await newVisitor(t), await newVisitor(t)];
    const first = await uploadPng(owner, 'first.png');
    const second = (await upload(owner, tinyMp4, 'second.mp4').expect(201)).body;
    for (const [i, o] of others.entries()) {
      await o.agent
        .post('/api/votes')
        .send({ userId: o.id, mediaId: first.id, isHot: i < 2 })
        .expect(201);
      await o.agent.post(`/api/media/${first.id}/view`).send({ userId: o.id }).expect(200);
    }
    await others[0]!.agent.post(`/api/media/${second.id}/view`).send({ userId: others[0]!.id }).expect(200);

    const stats = await owner.agent.get(`/api/users/${owner.id}/stats`).expect(200);
    expect(stats.body).toMatchObject({ totalUploads: 2, totalVotes: 3, totalViews: 4 });
    expect(stats.body.mediaStats.map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
    expect(stats.body.mediaStats[1]).toMatchObject({
      id: first.id,
      url: expect.stringMatching(/^\/media\/renditions\//),
      renditionsState: 'ready',
      mimeType: 'image/png',
      originalName: 'first.png',
      size: first.size,
      totalViews: 3,
      totalVotes: 3,
      hotVotes: 2,
      hotPercentage: 67,
      notPercentage: 33,
    });
    expect(stats.body.mediaStats[0]).toMatchObject({
      mimeType: 'video/mp4',
      originalName: 'second.mp4',
      totalViews: 1,
      totalVotes: 0,
    });

    const fresh = await newVisitor(t);
    expect((await fresh.agent.get(`/api/users/${fresh.id}/stats`).expect(200)).body).toEqual({
      totalUploads: 0,
      totalVotes: 0,
      totalViews: 0,
      mediaStats: [],
    });
    await fresh.agent.get(`/api/users/${owner.id}/stats`).expect(403);
    await request(t.server).get(`/api/users/${owner.id}/stats`).expect(401);
  });

  it('deletes own media with its votes, views and stored file', async () => {
    const owner = await newVisitor(t);
    const fan = await newVisitor(t);
    const m = await uploadPng(owner);
    await fan.agent.post('/api/votes').send({ userId: fan.id, mediaId: m.id, isHot: true }).expect(201);
    await fan.agent.post(`/api/media/${m.id}/view`).send({ userId: fan.id }).expect(200);
    const storage = t.app.get(ObjectStorage);
    expect(await storage.stat(keyOf(m.url))).not.toBeNull();

    expect((await owner.agent.delete(`/api/media/${m.id}`).query({ userId: owner.id }).expect(200)).body).toEqual({
      success: true,
    });
    const [left] = await db().query(
      `SELECT (SELECT count(*)::int FROM media WHERE id = $1) AS media, (SELECT count(*)::int FROM votes WHERE media_id = $1) AS votes,
              (SELECT count(*)::int FROM views WHERE media_id = $1) AS views`,
      [m.id],
    );
    expect(left).toEqual({ media: 0, votes: 0, views: 0 });
    expect(await storage.stat(keyOf(m.url))).toBeNull();
    const gone = await request(t.server).get(m.url).expect(404);
    expect(gone.body).toMatchObject({ statusCode: 404, message: 'File not found' });
    expect(gone.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    await owner.agent.delete(`/api/media/${m.id}`).query({ userId: owner.id }).expect(404);
  });

  it("refuses to delete someone else's media, unknown media, or without a session, and changes nothing", async () => {
    const owner = await newVisitor(t);
    const intruder = await newVisitor(t);
    const m = await uploadPng(owner);
    const before = await mediaState(t);
    const theirs = await intruder.agent.delete(`/api/media/${m.id}`).query({ userId: intruder.id }).expect(403);
    expect(theirs.body.message).toBe('You can only delete your own media');
    await intruder.agent.delete(`/api/media/${m.id}`).query({ userId: owner.id }).expect(403);
    await intruder.agent.delete(`/api/media/${m.id}`).expect(400);
    await owner.agent.delete('/api/media/2147483000').query({ userId: owner.id }).expect(404);
    await owner.agent.delete('/api/media/0').query({ userId: owner.id }).expect(400);
    await request(t.server).delete(`/api/media/${m.id}`).query({ userId: owner.id }).expect(401);
    expect(await mediaState(t)).toEqual(before);
  });
});

describe(`media: file serving (${dbKind})`, () => {
  let t: TestApp;
  let image: { url: string; size: number; id: number };
  let video: { url: string; size: number };
  let imageBytes: Buffer;
  // originals are served only to their uploader (and admins): these requests are the uploader's
  let owner: Visitor;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await newVisitor(t);
    image = (await upload(owner, await pngImage(64, 48), 'pic.png').expect(201)).body;
    video = (await upload(owner, tinyMp4, 'clip.mp4').expect(201)).body;
    imageBytes = (await binary(owner.agent.get(image.url)).expect(200)).body;
  });
  afterAll(() => t.close());

  it('serves the original to its uploader with its stored type, nosniff, validators and a private cache', async () => {
    const res = await binary(owner.agent.get(image.url)).expect(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
      'content-length': String(image.size),
    });
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(res.headers['last-modified']!).getTime()).toBeGreaterThan(0);
    expect((res.body as Buffer).length).toBe(image.size);

    const again = await owner.agent.get(image.url).set('If-None-Match', res.headers.etag!).expect(304);
    expect(again.text ?? '').toBe('');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await owner.agent.head(video.url).expect(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.size),
      'accept-ranges': 'bytes',
    });
  });

  it('serves byte ranges (206) with the exact slice, and 416 for a range past the end', async () => {
    const part = await binary(owner.agent.get(image.url).set('Range', 'bytes=10-29')).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 10-29/${image.size}`);
    expect(part.headers['content-length']).toBe('20');
    expect(Buffer.compare(part.body as Buffer, imageBytes.subarray(10, 30))).toBe(0);

    const tail = await binary(owner.agent.get(video.url).set('Range', 'bytes=-100')).expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${video.size - 100}-${video.size - 1}/${video.size}`);
    expect(Buffer.compare(tail.body as Buffer, tinyMp4.subarray(tinyMp4.length - 100))).toBe(0);

    const open = await binary(owner.agent.get(video.url).set('Range', `bytes=${video.size - 5}-`)).expect(206);
    expect((open.body as Buffer).length).toBe(5);

    const past = await owner.agent
      .get(image.url)
      .set('Range', `bytes=${image.size + 10}-${image.size + 20}`)
      .expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${image.size}`);
    expect(past.body).toMatchObject({ statusCode: 416 });

    // a stale If-Range gets the whole, current file
    const stale = await binary(owner.agent.get(image.url).set('Range', 'bytes=0-9').set('If-Range', '"old"')).expect(
      200,
    );
    expect((stale.body as Buffer).length).toBe(image.size);
  });

  it('answers 404 JSON for unknown keys and path tricks', async () => {
    for (const path of [
      '/media/uploads/2020/01/nope.png',
      '/media/uploads/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/secret',
    ]) {
      const res = await request(t.server).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.statusCode).toBe(404);
    }
  });
});
