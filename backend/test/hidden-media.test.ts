import { Readable } from 'node:stream';
import request from 'supertest';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/**
 * Issue 20 item 7: a hidden item (reports past the threshold, or a banned owner) is served by
 * /media — its original and its renditions — only to its uploader and to admins, whose portal
 * cannot send its bearer token from an <img> and gets an httpOnly cookie scoped to /media instead.
 */
describe(`hidden media files (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A stored item of `ownerId` with a stored thumbnail rendition, hidden as reports would. */
  async function hiddenItem(ownerId: number) {
    const m = await seedStoredMedia(t, { userId: ownerId });
    const thumbKey = `renditions/${m.storageKey}/thumb-abc.webp`;
    await t.app.get(ObjectStorage).put(thumbKey, Readable.from([Buffer.from('thumb bytes')]), 'image/webp');
    const thumb = { key: thumbKey, mimeType: 'image/webp', width: 4, height: 3, bytes: 11 };
    await db(t).query(`UPDATE media SET hidden = true, renditions = $2, renditions_state = 'ready' WHERE id = $1`, [
      m.id,
      JSON.stringify({ thumb }),
    ]);
    return { ...m, original: `/media/${m.storageKey}`, thumb: `/media/${thumbKey}` };
  }

  const adminLogin = async () => {
    const res = await request(t.server)
      .post('/api/admin/login')
      .send({ username: t.config.adminUsername, password: t.config.adminPassword })
      .expect(200);
    return { token: res.body.token as string, setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []) };
  };

  it('serves a hidden original and its renditions to nobody but the uploader', async () => {
    const owner = await newVisitor(t);
    const stranger = await newVisitor(t);
    const item = await hiddenItem(owner.id);
    for (const url of [item.original, item.thumb]) {
      await request(t.server).get(url).expect(404);
      await request(t.server).head(url).expect(404);
      await stranger.agent.get(url).expect(404);
      const own = await owner.agent.get(url).expect(200);
      // never kept by a shared cache: another visitor's request must reach the check
      expect(own.headers['cache-control']).toMatch(/private/);
      expect(own.headers['cache-control']).toMatch(/no-store/);
    }
    // once visible again, anyone gets it, cacheable as before
    await db(t).query(`UPDATE media SET hidden = false WHERE id = $1`, [item.id]);
    const open = await request(t.server).get(item.thumb).expect(200);
    expect(open.headers['cache-control']).toMatch(/public/);
  });

  it('serves hidden media to an admin through the httpOnly /media cookie set at login, not after logout', async () => {
    const owner = await newVisitor(t);
    const item = await hiddenItem(owner.id);
    const { token, setCookie } = await adminLogin();
    const media = setCookie.find((c) => c.startsWith('vibe_admin_media='))!;
    expect(media).toMatch(/; Path=\/media/);
    expect(media).toMatch(/; HttpOnly/);
    expect(media).toMatch(/; SameSite=Strict/);
    const cookie = media.split(';')[0]!;
    expect(cookie).not.toContain(token); // the bearer token itself never goes into a cookie
    for (const url of [item.original, item.thumb]) await request(t.server).get(url).set('Cookie', cookie).expect(200);
    // a bearer call re-issues the cookie for a portal logged in before it existed
    const list = await request(t.server).get('/api/admin/media').set('Authorization', `Bearer ${token}`).expect(200);
    expect(String(list.headers['set-cookie'] ?? '')).toMatch(/vibe_admin_media=/);
    // a forged or stale cookie is nothing
    await request(t.server).get(item.thumb).set('Cookie', 'vibe_admin_media=forged').expect(404);
    await request(t.server).post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(204);
    await request(t.server).get(item.thumb).set('Cookie', cookie).expect(404);
  });
});
