import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  adminMediaCookie,
  binary,
  jpegWithGpsAndOrientation,
  renditionsSettled,
  upload,
} from './fixtures/media-fixtures.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

/**
 * Issue 26 item 1: originals are private. They are served only to their uploader and to admins
 * (never into a shared cache); anyone else gets 404, as if there were none. Visitors see
 * renditions only: no answer another visitor gets carries an original's URL, and an item whose
 * renditions are not made yet is not offered to anyone else. Local disk and S3 (s3rver).
 */
for (const storage of ['local', 's3'] as const) {
  describe(`private originals (${dbKind}, ${storage})`, () => {
    let s3: TestS3 | undefined;
    let t: TestApp;
    let owner: Visitor;
    beforeAll(async () => {
      s3 = storage === 's3' ? await startS3() : undefined;
      t = await startTestApp(s3?.env ?? {});
      owner = await newVisitor(t);
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    const db = () => t.app.get(DataSource);
    const adminCookie = () => adminMediaCookie(t);
    /** Every URL an answer carries (any field, any depth). */
    const urlsIn = (body: unknown): string[] => JSON.stringify(body).match(/\/media\/[^"\s,]+/g) ?? [];

    it('serves an original to its uploader and to admins only, never to a shared cache; 404 to anyone else', async () => {
      const stranger = await newVisitor(t);
      const photo = (await upload(owner, await jpegWithGpsAndOrientation(), 'p.jpg').expect(201)).body;
      await renditionsSettled(t);
      const [row] = await db().query(`SELECT storage_key, renditions FROM media WHERE id = $1`, [photo.id]);
      const original = `/media/${row.storage_key}`;

      for (const req of [request(t.server), stranger.agent]) {
        const get = await req.get(original).expect(404);
        expect(get.body).toMatchObject({ statusCode: 404, message: 'File not found' });
        expect(get.headers['cache-control'] ?? '').not.toMatch(/public/);
        await req.head(original).expect(404);
        await req.get(original).set('Range', 'bytes=0-9').expect(404);
      }

      const own = await binary(owner.agent.get(original)).expect(200);
      expect(own.headers['cache-control']).toMatch(/^private\b/);
      expect(own.headers['cache-control']).not.toMatch(/public/);
      expect((own.body as Buffer).length).toBe(photo.size);
      await owner.agent.head(original).expect(200);

      const cookie = await adminCookie();
      const admin = await request(t.server).get(original).set('Cookie', cookie).expect(200);
      expect(admin.headers['cache-control']).toMatch(/^private\b/);

      // its renditions stay public and cacheable: they are what every screen shows
      const thumb = await request(t.server).get(`/media/${row.renditions.thumb.key}`).expect(200);
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('offers no original URL to other visitors, and no item before its renditions exist', async () => {
      const uploader = await newVisitor(t);
      const rater = await newVisitor(t);
      const ready = (await upload(uploader, await jpegWithGpsAndOrientation(), 'ready.jpg').expect(201)).body;
      await renditionsSettled(t);
      // a second item whose renditions are still to be made
      const pending = (await upload(uploader, await jpegWithGpsAndOrientation(), 'pending.jpg').expect(201)).body;
      await renditionsSettled(t);
      await db().query(`UPDATE media SET renditions = NULL, renditions_state = 'pending' WHERE id = $1`, [pending.id]);
      const originals: string[] = (await db().query(`SELECT storage_key FROM media`)).map(
        (r: { storage_key: string }) => `/media/${r.storage_key}`,
      );

      const seen: number[] = [];
      for (;;) {
        const res = await rater.agent.get(`/api/media/random/${rater.id}`).query({ exclude: seen.join(',') });
        if (res.status === 404 || res.body === null || seen.includes(res.body.id)) break;
        expect(res.status).toBe(200);
        seen.push(res.body.id);
        for (const u of urlsIn(res.body)) expect(originals).not.toContain(u);
        // the spec's `url` is the picture to show: the full-size rendition, never the original
        expect(res.body.url).toBe(res.body.fullUrl);
        await rater.agent.post('/api/votes').send({ userId: rater.id, mediaId: res.body.id, isHot: true }).expect(201);
      }
      expect(seen).toContain(ready.id);
      expect(seen).not.toContain(pending.id);

      // the uploader's own statistics: renditions only, the pending one marked as processing
      const stats = (await uploader.agent.get(`/api/users/${uploader.id}/stats`).expect(200)).body;
      for (const u of urlsIn(stats)) expect(originals).not.toContain(u);
      const byId = new Map(stats.mediaStats.map((m: { id: number }) => [m.id, m]));
      expect(byId.get(ready.id)).toMatchObject({
        renditionsState: 'ready',
        url: expect.stringMatching(/^\/media\/renditions\//),
      });
      expect(byId.get(pending.id)).toMatchObject({ renditionsState: 'pending', url: null, thumbUrl: null });
    });
  });
}
