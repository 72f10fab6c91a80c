import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { asAdmin, db, seedStoredMedia, seedVote, seedView, tableCounts } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const bulkDelete = (t: TestApp, body: unknown) =>
  asAdmin(t)
    .post('/api/admin/media/delete')
    .send(body as object);

describe(`POST /api/admin/media/delete: bulk delete in one call (${dbKind})`, () => {
  let t: TestApp;
  let owner: Visitor;
  let voters: Visitor[];
  beforeAll(async () => {
    t = await startTestApp();
    owner = await newVisitor(t);
    voters = [await newVisitor(t), await newVisitor(t)];
  });
  afterAll(() => t.close());

  const stored = (key: string) => t.app.get(ObjectStorage).stat(key);

  it('deletes the rows, their votes, views and stored objects; reports ids that do not exist', async () => {
    const media = [];
    for (let i = 0; i < 4; i++) media.push(await seedStoredMedia(t, { userId: owner.id }));
    for (const m of media) {
      for (const v of voters) {
        await seedVote(t, v.id, m.id, m.id % 2 === 0);
        await seedView(t, v.id, m.id);
      }
    }
    const [a, b, c, keep] = media as [(typeof media)[0], (typeof media)[0], (typeof media)[0], (typeof media)[0]];
    const res = await bulkDelete(t, { ids: [c.id, a.id, 999_999, b.id, a.id] }).expect(200);
    expect(res.body).toEqual({ deleted: [a.id, b.id, c.id].sort((x, y) => x - y), notFound: [999_999] });

    const left = await db(t).query(`SELECT id FROM media WHERE user_id = $1`, [owner.id]);
    expect(left).toEqual([{ id: keep.id }]);
    const [{ votes, views }] = await db(t).query(
      `SELECT (SELECT count(*)::int FROM votes WHERE media_id = ANY($1::int[])) AS votes,
              (SELECT count(*)::int FROM views WHERE media_id = ANY($1::int[])) AS views`,
      [[a.id, b.id, c.id]],
    );
    expect({ votes, views }).toEqual({ votes: 0, views: 0 });
    for (const m of [a, b, c]) expect(await stored(m.storageKey)).toBeNull();
    expect(await stored(keep.storageKey)).not.toBeNull();
    // the totals follow (2 votes and 2 views remain, on `keep`)
    expect((await asAdmin(t).get('/api/admin/media/totals').expect(200)).body).toEqual({
      totalMedia: 1,
      totalVotes: 2,
      totalViews: 2,
    });
  });

  it('answers 200 with everything in notFound when no id exists', async () => {
    const res = await bulkDelete(t, { ids: [123_456, 654_321] }).expect(200);
    expect(res.body).toEqual({ deleted: [], notFound: [123_456, 654_321] });
  });

  it('refuses a bad body with 400 (415 when not JSON) and deletes nothing', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    const before = await tableCounts(t);
    const bodies: unknown[] = [
      {},
      { ids: [] },
      { ids: m.id },
      { ids: String(m.id) },
      { ids: [String(m.id)] },
      { ids: [m.id, 1.5] },
      { ids: [m.id, 0] },
      { ids: [m.id, -4] },
      { ids: [m.id, 2 ** 31] },
      { ids: [m.id, null] },
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { ids: [m.id], also: 'this' },
      [m.id],
    ];
    for (const body of bodies) {
      const res = await bulkDelete(t, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const form = await asAdmin(t).post('/api/admin/media/delete').type('form').send(`ids=${m.id}`).expect(415);
    expect(form.body.message).toMatch(/JSON/);
    const text = await asAdmin(t)
      .post('/api/admin/media/delete')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ ids: [m.id] }))
      .expect(415);
    expect(text.body.statusCode).toBe(415);
    await request(t.server)
      .post('/api/admin/media/delete')
      .send({ ids: [m.id] })
      .expect(401);
    expect(await tableCounts(t)).toEqual(before);
    expect(await stored(m.storageKey)).not.toBeNull();
    // 1000 ids is the limit, not past it
    const most = await bulkDelete(t, { ids: [m.id, ...Array.from({ length: 999 }, (_, i) => 5_000_000 + i)] }).expect(
      200,
    );
    expect(most.body.deleted).toEqual([m.id]);
    expect(most.body.notFound).toHaveLength(999);
  });

  it('keeps the rows deleted when an object cannot be deleted afterwards, noted for the orphan sweep', async () => {
    const m = await seedStoredMedia(t, { userId: owner.id });
    const other = await seedStoredMedia(t, { userId: owner.id });
    // a directory where the file was: the local adapter's delete fails on it
    const file = path.join(t.dataDir, 'media', m.storageKey);
    await rm(file);
    await mkdir(file);
    await writeFile(path.join(file, 'inside'), 'x');
    const res = await bulkDelete(t, { ids: [m.id, other.id] }).expect(200);
    expect(res.body).toEqual({ deleted: [m.id, other.id].sort((x, y) => x - y), notFound: [] });
    expect(await db(t).query(`SELECT id FROM media WHERE id = ANY($1::int[])`, [[m.id, other.id]])).toEqual([]);
    expect(await stored(other.storageKey)).toBeNull();
    // the object storage did not take stays noted (the sweep retries it); the one it took does not
    const noted: { storage_key: string }[] = await db(t).query(
      `SELECT storage_key FROM orphan_objects WHERE storage_key = ANY($1::varchar[])`,
      [[m.storageKey, other.storageKey]],
    );
    expect(noted).toEqual([{ storage_key: m.storageKey }]);
  });
});
