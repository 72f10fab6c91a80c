import request from 'supertest';
import { db, seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

/**
 * Issue 29 item 2: an uploader's share link `/r/{shareId}` — an unguessable id, the item first for
 * anyone who opens it, a page whose tags unfurl in chats with the preview rendition (never the
 * original), off at the uploader's word, and the views and votes it brought counted once each.
 */
describe(`share links (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  /** A stored photo of `owner` with a preview rendition named on its row (the job's files are not needed). */
  async function photoOf(owner: Visitor) {
    const m = await seedStoredMedia(t, { userId: owner.id });
    const preview = {
      key: `renditions/${m.storageKey}/preview-abc.webp`,
      mimeType: 'image/webp',
      width: 1080,
      height: 720,
      bytes: 99,
    };
    await db(t).query(
      `UPDATE media SET renditions = $2, renditions_state = 'ready', width = 1080, height = 720 WHERE id = $1`,
      [
        m.id,
        JSON.stringify({
          preview,
          thumb: { ...preview, key: preview.key.replace('preview', 'thumb'), width: 480, height: 320 },
        }),
      ],
    );
    return { ...m, previewPath: `/media/${preview.key}` };
  }

  const share = async (v: Visitor, mediaId: number) =>
    (await v.agent.post('/api/shares').send({ mediaId }).expect(201)).body as {
      shareId: string;
      url: string;
      views: number;
      votes: number;
    };
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1];

  it('gives the owner one unguessable link per item, and nobody else a link to it', async () => {
    const owner = await newVisitor(t);
    const stranger = await newVisitor(t);
    const photo = await photoOf(owner);
    const link = await share(owner, photo.id);
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`${t.config.publicUrl}/r/${link.shareId}`);
    expect((await share(owner, photo.id)).shareId).toBe(link.shareId);
    await stranger.agent.post('/api/shares').send({ mediaId: photo.id }).expect(403);
    await owner.agent.post('/api/shares').send({ mediaId: 2147483000 }).expect(404);
    await owner.agent.post('/api/shares').send({ mediaId: 'x' }).expect(400);
    await request(t.server).post('/api/shares').send({ mediaId: photo.id }).expect(401);
    const [{ n }] = await db(t).query(`SELECT count(*)::int AS n FROM share_links WHERE media_id = $1`, [photo.id]);
    expect(n).toBe(1);
  });

  it('opens the item for anyone, and counts the view and the vote it brought once each (never the owner’s)', async () => {
    const owner = await newVisitor(t);
    const friend = await newVisitor(t);
    const photo = await photoOf(owner);
    const { shareId } = await share(owner, photo.id);

    const opened = await friend.agent.get(`/api/shares/${shareId}`).expect(200);
    expect(opened.body).toMatchObject({ shareId, rateable: true, item: { id: photo.id } });
    expect((await owner.agent.get(`/api/shares/${shareId}`).expect(200)).body.rateable).toBe(false);

    expect((await friend.agent.post(`/api/shares/${shareId}/view`).send({}).expect(200)).body).toEqual({
      counted: true,
    });
    expect((await friend.agent.post(`/api/shares/${shareId}/view`).send({}).expect(200)).body).toEqual({
      counted: false,
    });
    expect((await owner.agent.post(`/api/shares/${shareId}/view`).send({}).expect(200)).body).toEqual({
      counted: false,
    });
    // a vote counts only once it exists
    expect((await friend.agent.post(`/api/shares/${shareId}/vote`).send({}).expect(200)).body).toEqual({
      counted: false,
    });
    await friend.agent.post('/api/votes').send({ userId: friend.id, mediaId: photo.id, isHot: true }).expect(201);
    expect((await friend.agent.post(`/api/shares/${shareId}/vote`).send({}).expect(200)).body).toEqual({
      counted: true,
    });
    expect((await friend.agent.post(`/api/shares/${shareId}/vote`).send({}).expect(200)).body).toEqual({
      counted: false,
    });
    expect((await friend.agent.get(`/api/shares/${shareId}`).expect(200)).body.rateable).toBe(false);

    const mine = (await owner.agent.get('/api/shares').expect(200)).body as Array<{
      shareId: string;
      views: number;
      votes: number;
    }>;
    expect(mine).toEqual([expect.objectContaining({ shareId, mediaId: photo.id, views: 1, votes: 1 })]);
    expect((await friend.agent.get('/api/shares').expect(200)).body).toEqual([]);
  });

  it('writes the page’s tags with the preview rendition, noindex unless the owner opted in', async () => {
    const owner = await newVisitor(t);
    const photo = await photoOf(owner);
    const { shareId } = await share(owner, photo.id);
    const page = await request(t.server).get(`/r/${shareId}`).set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(meta(page.text, 'og:image')).toBe(`${t.config.publicUrl}${photo.previewPath}`);
    expect(meta(page.text, 'og:image')).not.toContain(`/media/${photo.storageKey}"`);
    expect(page.text).not.toContain(`/media/${photo.storageKey}"`);
    expect(meta(page.text, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.text, 'og:url')).toBe(`${t.config.publicUrl}/r/${shareId}`);
    expect(page.text).toContain(`<link rel="canonical" href="${t.config.publicUrl}/r/${shareId}" />`);
    expect(meta(page.text, 'robots')).toBe('noindex');

    await owner.agent.patch(`/api/shares/${shareId}`).send({ indexable: true }).expect(200);
    const indexed = await request(t.server).get(`/r/${shareId}`).expect(200);
    expect(meta(indexed.text, 'robots')).toBeUndefined();
  });

  it('says kindly that a link leads nowhere: turned off, hidden, deleted or made up', async () => {
    const owner = await newVisitor(t);
    const stranger = await newVisitor(t);
    const [off, hidden, deleted] = [await photoOf(owner), await photoOf(owner), await photoOf(owner)];
    const ids = { off: (await share(owner, off.id)).shareId, hidden: (await share(owner, hidden.id)).shareId };
    const deletedId = (await share(owner, deleted.id)).shareId;

    await stranger.agent.patch(`/api/shares/${ids.off}`).send({ enabled: false }).expect(404);
    await stranger.agent.get(`/api/shares/${ids.off}`).expect(200);
    await owner.agent.patch(`/api/shares/${ids.off}`).send({ enabled: 'no' }).expect(400);
    expect((await owner.agent.patch(`/api/shares/${ids.off}`).send({ enabled: false }).expect(200)).body.enabled).toBe(
      false,
    );
    await db(t).query(`UPDATE media SET hidden = true WHERE id = $1`, [hidden.id]);
    await owner.agent.delete(`/api/media/${deleted.id}?userId=${owner.id}`).expect(200);

    for (const shareId of [ids.off, ids.hidden, deletedId, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-a-share-id']) {
      const api = await stranger.agent.get(`/api/shares/${shareId}`).expect(404);
      expect(api.body.message).toBe('This photo or video is no longer available to rate');
      const page = await request(t.server).get(`/r/${shareId}`).set('Accept', 'text/html').expect(404);
      expect(meta(page.text, 'robots')).toBe('noindex');
      expect(meta(page.text, 'og:image')).toBeUndefined();
      expect((await stranger.agent.post(`/api/shares/${shareId}/view`).send({})).body.counted ?? false).toBe(false);
    }
  });
});
