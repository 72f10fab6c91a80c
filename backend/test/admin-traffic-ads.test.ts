import request from 'supertest';
import { asAdmin, db, tableCounts } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

describe(`admin redirects and ads (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const publicConfig = async () => (await request(t.server).get('/api/idle-redirect-config').expect(200)).body;

  describe('idle and back-button redirects', () => {
    it('shows the defaults before anything is saved', async () => {
      const idle = await asAdmin(t).get('/api/admin/idle-redirect-config').expect(200);
      expect(idle.body).toEqual({
        id: null,
        idleRedirectTime: 300,
        idleRedirectUrl: '',
        isActive: false,
        createdAt: null,
      });
      expect(idle.headers['cache-control']).toMatch(/no-store/);
      const back = await asAdmin(t).get('/api/admin/back-button-config').expect(200);
      expect(back.body).toEqual({ id: null, backButtonUrl: '', isActive: false, createdAt: null });
      expect((await asAdmin(t).get('/api/admin/idle-redirect-history').expect(200)).body).toEqual([]);
    });

    it('saves settings that the public config reflects at once, keeping a newest-first history', async () => {
      const saved = await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 120, idleRedirectUrl: ' https://example.com/away ' })
        .expect(201);
      expect(saved.body).toMatchObject({
        idleRedirectTime: 120,
        idleRedirectUrl: 'https://example.com/away',
        isActive: true,
      });
      expect(saved.body.id).toEqual(expect.any(Number));
      await asAdmin(t)
        .post('/api/admin/back-button-config')
        .send({ backButtonUrl: 'http://example.org/back' })
        .expect(201);
      expect(await publicConfig()).toEqual({
        enabled: true,
        idleRedirectTime: 120,
        idleRedirectUrl: 'https://example.com/away',
        backButtonUrl: 'http://example.org/back',
      });

      // time omitted: the default; sent as text digits by a form: accepted
      const defaulted = await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectUrl: 'https://example.com/two' })
        .expect(201);
      expect(defaulted.body.idleRedirectTime).toBe(300);
      await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: '3600', idleRedirectUrl: 'https://example.com/three' })
        .expect(201);
      expect(await asAdmin(t).get('/api/admin/idle-redirect-config').expect(200)).toMatchObject({
        body: { idleRedirectTime: 3600, idleRedirectUrl: 'https://example.com/three' },
      });

      const history = (await asAdmin(t).get('/api/admin/idle-redirect-history').expect(200)).body;
      expect(history.map((h: { idleRedirectUrl: string }) => h.idleRedirectUrl)).toEqual([
        'https://example.com/three',
        'https://example.com/two',
        'https://example.com/away',
      ]);
      const backHistory = (await asAdmin(t).get('/api/admin/back-button-history').expect(200)).body;
      expect(backHistory).toEqual([
        expect.objectContaining({ backButtonUrl: 'http://example.org/back', isActive: true }),
      ]);
    });

    it('an empty URL disables the redirect', async () => {
      const off = await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 60, idleRedirectUrl: '' })
        .expect(201);
      expect(off.body).toMatchObject({ idleRedirectUrl: '', isActive: false });
      await asAdmin(t).post('/api/admin/back-button-config').send({ backButtonUrl: '   ' }).expect(201);
      expect(await publicConfig()).toEqual({
        enabled: false,
        idleRedirectTime: 60,
        idleRedirectUrl: '',
        backButtonUrl: '',
      });
      // an explicit isActive false keeps a URL but switches it off
      await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 60, idleRedirectUrl: 'https://example.com', isActive: false })
        .expect(201);
      expect((await publicConfig()).enabled).toBe(false);
      await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 90, idleRedirectUrl: 'https://example.com/on' })
        .expect(201);
    });

    it.each([
      [
        { idleRedirectTime: 60, idleRedirectUrl: 'javascript:alert(document.cookie)' },
        /Invalid URL: Please enter a valid URL including http:\/\/ or https:\/\//,
      ],
      [{ idleRedirectTime: 60, idleRedirectUrl: '/relative/path' }, /Invalid URL/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'example.com' }, /Invalid URL/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'ftp://example.com/file' }, /Invalid URL/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'https://example.com@evil.com' }, /Invalid URL/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'http:evil.com' }, /Invalid URL/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'https://example.com/\u0000' }, /NUL character/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'data:text/html,<script>alert(1)</script>' }, /Invalid URL/],
      [{ idleRedirectTime: 60 }, /idleRedirectUrl is required/],
      [
        { idleRedirectTime: 5, idleRedirectUrl: 'https://example.com' },
        /Idle redirect time must be at least 30 seconds/,
      ],
      [
        { idleRedirectTime: 99999, idleRedirectUrl: 'https://example.com' },
        /Idle redirect time must be at most 3600 seconds/,
      ],
      [{ idleRedirectTime: 'abc', idleRedirectUrl: 'https://example.com' }, /whole number of seconds/],
      [{ idleRedirectTime: 45.5, idleRedirectUrl: 'https://example.com' }, /whole number of seconds/],
      [{ idleRedirectTime: 60, idleRedirectUrl: 'https://example.com', extra: 1 }, /extra should not exist/],
    ])('refuses idle settings %j with 400 and keeps the current ones', async (body, message) => {
      const before = await tableCounts(t);
      const publicBefore = await publicConfig();
      const res = await asAdmin(t).post('/api/admin/idle-redirect-config').send(body).expect(400);
      expect(res.body.message).toMatch(message);
      expect(await tableCounts(t)).toEqual(before);
      expect(await publicConfig()).toEqual(publicBefore);
    });

    it.each([
      [{ backButtonUrl: 'javascript:history.back()' }, /Invalid URL/],
      [{ backButtonUrl: '../elsewhere' }, /Invalid URL/],
      [{ backButtonUrl: 'https://user:secret@example.com/' }, /Invalid URL/],
      [{ backButtonUrl: 'https:\\\\evil.com' }, /Invalid URL/],
      [{ backButtonUrl: 42 }, /backButtonUrl is required/],
      [{}, /backButtonUrl is required/],
    ])('refuses back-button settings %j with 400 and keeps the current ones', async (body, message) => {
      const before = await tableCounts(t);
      const res = await asAdmin(t).post('/api/admin/back-button-config').send(body).expect(400);
      expect(res.body.message).toMatch(message);
      expect(await tableCounts(t)).toEqual(before);
    });

    it('stores and serves the normalised form of a redirect URL', async () => {
      const idle = await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 60, idleRedirectUrl: 'HTTPS://Example.COM:443/a/../landing' })
        .expect(201);
      expect(idle.body.idleRedirectUrl).toBe('https://example.com/landing');
      const back = await asAdmin(t)
        .post('/api/admin/back-button-config')
        .send({ backButtonUrl: 'http://bücher.example' })
        .expect(201);
      expect(back.body.backButtonUrl).toBe('http://xn--bcher-kva.example/');
      expect(await publicConfig()).toMatchObject({
        idleRedirectUrl: 'https://example.com/landing',
        backButtonUrl: 'http://xn--bcher-kva.example/',
      });
    });

    it('the traffic migration re-creates missing tables with disabled defaults, and is idempotent', async () => {
      await db(t).query(`DROP TABLE idle_redirect_configs, back_button_configs`);
      // what makes the portal show "Table missing"
      await asAdmin(t).get('/api/admin/idle-redirect-config').expect(500);
      await asAdmin(t).get('/api/admin/back-button-config').expect(500);

      const first = await asAdmin(t).post('/api/admin/traffic-handler-migration').expect(200);
      expect(first.body).toEqual({ idleConfigsCreated: 1, backButtonCreated: 1, indexesCreated: 4 });
      const second = await asAdmin(t).post('/api/admin/traffic-handler-migration').expect(200);
      expect(second.body).toEqual({ idleConfigsCreated: 0, backButtonCreated: 0, indexesCreated: 0 });

      const idle = await asAdmin(t).get('/api/admin/idle-redirect-config').expect(200);
      expect(idle.body).toMatchObject({ idleRedirectTime: 300, idleRedirectUrl: '', isActive: false });
      expect(idle.body.id).toEqual(expect.any(Number));
      expect(await publicConfig()).toEqual({
        enabled: false,
        idleRedirectTime: 300,
        idleRedirectUrl: '',
        backButtonUrl: '',
      });
      await asAdmin(t)
        .post('/api/admin/idle-redirect-config')
        .send({ idleRedirectTime: 45, idleRedirectUrl: 'https://example.com' })
        .expect(201);
      expect((await publicConfig()).enabled).toBe(true);
    });
  });

  describe('ad zone', () => {
    /** The visitor's answer when no active zone is configured: 200 with JSON null. */
    const noAd = async () => (await request(t.server).get('/api/ad-config/zone1').expect(200)).text === 'null';

    it('admin GET answers 404 while zone1 is not configured; visitors get JSON null (no ad is a normal state)', async () => {
      const res = await asAdmin(t).get('/api/admin/ad-config/zone1').expect(404);
      expect(res.body.message).toMatch(/No ad configuration for zone1/);
      expect(await noAd()).toBe(true);
      await request(t.server).get('/api/ad-frame/zone1').expect(404);
    });

    it('saves the zone, and visitors get its code; empty code disables it', async () => {
      const code = '<div id="ad">Buy now</div><script>console.log("ad")</script>';
      const saved = await asAdmin(t)
        .post('/api/admin/ad-config/zone1')
        .send({ zoneName: '  Ad Zone 1 ', adCode: code, isActive: true })
        .expect(201);
      expect(saved.body).toMatchObject({ zoneId: 'zone1', zoneName: 'Ad Zone 1', adCode: code, isActive: true });
      expect((await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body).toMatchObject({
        zoneName: 'Ad Zone 1',
        adCode: code,
      });
      const pub = await request(t.server).get('/api/ad-config/zone1').expect(200);
      expect(pub.body).toMatchObject({ zoneId: 'zone1', adCode: code, isActive: true });

      const off = await asAdmin(t)
        .post('/api/admin/ad-config/zone1')
        .send({ zoneName: 'Ad Zone 1', adCode: '', isActive: true })
        .expect(201);
      expect(off.body).toMatchObject({ adCode: '', isActive: false });
      expect(await noAd()).toBe(true);

      await asAdmin(t)
        .post('/api/admin/ad-config/zone1')
        .send({ zoneName: 'Ad Zone 1', adCode: code, isActive: false })
        .expect(201);
      expect(await noAd()).toBe(true);
      await asAdmin(t)
        .post('/api/admin/ad-config/zone1')
        .send({ zoneName: 'Sidebar', adCode: code, isActive: true })
        .expect(201);
      await request(t.server).get('/api/ad-config/zone1').expect(200);
    });

    it.each([
      [{ zoneName: '', adCode: 'x', isActive: true }, /^Zone name cannot be empty$/],
      [{ zoneName: '    ', adCode: 'x', isActive: true }, /^Zone name cannot be empty$/],
      [{ adCode: 'x', isActive: true }, /Zone name cannot be empty/],
      [{ zoneName: 'Z', adCode: 'x', isActive: 'yes' }, /isActive must be true or false/],
      [{ zoneName: 'Z', adCode: { html: 1 } }, /adCode must be text/],
    ])('refuses ad settings %j with 400 and keeps the saved zone', async (body, message) => {
      const before = (await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body;
      const res = await asAdmin(t).post('/api/admin/ad-config/zone1').send(body).expect(400);
      expect(res.body.message).toMatch(message);
      expect((await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body).toEqual(before);
    });

    it('refuses a malformed zone id', async () => {
      const res = await asAdmin(t)
        .post('/api/admin/ad-config/zone%201!')
        .send({ zoneName: 'Z', adCode: '' })
        .expect(400);
      expect(res.body.message).toMatch(/zoneId must be/);
    });

    it('the ad migration keeps existing zones, re-creates a missing table with a disabled Ad Zone 1, and is idempotent', async () => {
      const kept = await asAdmin(t).post('/api/admin/ad-migration').expect(200);
      expect(kept.body).toEqual({
        message: 'Ad configuration is already up to date',
        adConfigsCreated: 0,
        indexesCreated: 0,
        error: null,
      });
      expect((await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body.zoneName).toBe('Sidebar');

      await db(t).query(`DROP TABLE ad_configs`);
      await asAdmin(t).get('/api/admin/ad-config/zone1').expect(500);
      const first = await asAdmin(t).post('/api/admin/ad-migration').expect(200);
      expect(first.body).toEqual({
        message: 'Ad configuration migration completed',
        adConfigsCreated: 1,
        indexesCreated: 2,
        error: null,
      });
      const zone = (await asAdmin(t).get('/api/admin/ad-config/zone1').expect(200)).body;
      expect(zone).toMatchObject({ zoneId: 'zone1', zoneName: 'Ad Zone 1', adCode: '', isActive: false });
      expect(await noAd()).toBe(true);
      const second = await asAdmin(t).post('/api/admin/ad-migration').expect(200);
      expect(second.body).toMatchObject({ adConfigsCreated: 0, indexesCreated: 0 });
    });
  });
});
