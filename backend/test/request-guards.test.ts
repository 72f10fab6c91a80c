import request from 'supertest';
import { adminAuth, db, seedStoredMedia, tableCounts } from './support/admin.js';
import { tinyMp4, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newSessionId, newVisitor } from './support/visitor.js';

/**
 * What a state-changing request must look like: same-origin (or from no browser at all) and
 * JSON (multipart for uploads; the magic-link landing form posts its own form).
 */
describe(`state-changing requests: same origin, JSON only (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'http://vibe.example:8080' });
  });
  afterAll(() => t.close());

  describe('cross-site requests are refused (403) and change nothing', () => {
    const crossSite: Array<[string, Record<string, string>]> = [
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
      ['a foreign Origin (older browsers)', { Origin: 'https://evil.example' }],
      ['Origin: null (sandboxed frames, data: pages)', { Origin: 'null' }],
    ];

    it.each(crossSite)('POST /api/session with %s', async (_label, headers) => {
      const before = await tableCounts(t);
      const res = await request(t.server).post('/api/session').set(headers).send({ sessionId: newSessionId() });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, message: expect.stringMatching(/cross-site/i) });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await tableCounts(t)).toEqual(before);
    });

    it.each(crossSite)('a vote, a profile change and an admin reset with %s', async (_label, headers) => {
      const owner = await newVisitor(t);
      const voter = await newVisitor(t);
      const media = await seedStoredMedia(t, { userId: owner.id });
      const before = await tableCounts(t);
      await voter.agent
        .post('/api/votes')
        .set(headers)
        .send({ userId: voter.id, mediaId: media.id, isHot: true })
        .expect(403);
      await voter.agent.patch(`/api/users/${voter.id}`).set(headers).send({ username: 'Renamed' }).expect(403);
      await request(t.server)
        .post('/api/admin/reset-database')
        .set('Authorization', adminAuth(t))
        .set(headers)
        .send({ confirm: 'RESET DATABASE' })
        .expect(403);
      expect(await tableCounts(t)).toEqual(before);
    });
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://vibe.example:8080' }],
    ['Sec-Fetch-Site: none (typed or bookmarked)', { 'Sec-Fetch-Site': 'none' }],
    ['the own Origin (PUBLIC_URL)', { Origin: 'http://vibe.example:8080' }],
    ['an Origin matching the Host it was sent to', { Origin: 'http://localhost:5173', Host: 'localhost:5173' }],
    ['neither header (curl, scripts, tests)', {}],
  ])('accepts a request with %s', async (_label, headers) => {
    const res = await request(t.server)
      .post('/api/session')
      .set(headers)
      .send({ sessionId: newSessionId() })
      .expect(200);
    expect(res.body.username).toBeTruthy();
  });

  describe('bodies other than JSON are refused (415) and change nothing', () => {
    it('a form-encoded admin reset (what a cross-site form would send)', async () => {
      await newVisitor(t);
      const before = await tableCounts(t);
      const res = await request(t.server)
        .post('/api/admin/reset-database')
        .set('Authorization', adminAuth(t))
        .type('form')
        .send({ confirm: 'RESET DATABASE' })
        .expect(415);
      expect(res.body).toMatchObject({ statusCode: 415, message: expect.stringMatching(/application\/json/) });
      expect(await tableCounts(t)).toEqual(before);
    });

    it.each([
      ['form-encoded', 'application/x-www-form-urlencoded', 'action=start'],
      ['text/plain', 'text/plain', '{"action":"start"}'],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="action"\r\n\r\nstart\r\n--x--\r\n',
      ],
    ])('a %s population start', async (_label, type, body) => {
      await seedStoredMedia(t, { userId: (await newVisitor(t)).id });
      await request(t.server)
        .post('/api/admin/populate-votes')
        .set('Authorization', adminAuth(t))
        .set('Content-Type', type)
        .send(body)
        .expect(415);
      expect(await db(t).query(`SELECT id FROM population_runs`)).toEqual([]);
    });

    it('a form-encoded or text/plain visitor call', async () => {
      const before = await tableCounts(t);
      await request(t.server).post('/api/session').type('form').send({ sessionId: newSessionId() }).expect(415);
      await request(t.server)
        .post('/api/session')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ sessionId: newSessionId() }))
        .expect(415);
      expect(await tableCounts(t)).toEqual(before);
    });

    it.each([
      '/api/admin/moderation/keep',
      '/api/admin/moderation/delete',
      '/api/admin/users/ban',
      '/api/admin/users/unban',
      '/api/admin/media/delete',
      '/api/admin/media/renditions',
      '/api/admin/login',
    ])('a form-encoded or text/plain POST %s (the admin actions)', async (path) => {
      const before = await tableCounts(t);
      for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
        const res = await request(t.server)
          .post(path)
          .set('Authorization', adminAuth(t))
          .set('Content-Type', type)
          .send(type === 'text/plain' ? '{"ids":[1]}' : 'ids=1');
        expect({ type, status: res.status }).toEqual({ type, status: 415 });
        expect(res.body.message).toMatch(/application\/json/);
      }
      expect(await tableCounts(t)).toEqual(before);
    });

    it('a bodiless admin action reaches validation (400) and changes nothing', async () => {
      const before = await tableCounts(t);
      for (const path of ['/api/admin/moderation/keep', '/api/admin/users/ban', '/api/admin/media/delete']) {
        const res = await request(t.server).post(path).set('Authorization', adminAuth(t));
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
      }
      expect(await tableCounts(t)).toEqual(before);
    });

    it('still takes multipart on the upload route and bodyless POSTs', async () => {
      const v = await newVisitor(t);
      await upload(v, tinyMp4, 'clip.mp4').expect(201);
      await request(t.server).post('/api/admin/fix-user-sequence').set('Authorization', adminAuth(t)).expect(200);
    });
  });
});
