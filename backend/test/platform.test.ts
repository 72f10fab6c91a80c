import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { asAdmin } from './support/admin.js';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { newSessionId } from './support/visitor.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

describe('configuration', () => {
  it('boots on the embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      smtpUrl: undefined,
      runJobs: true,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('fails with the full list of what is wrong', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        S3_ENDPOINT: 'http://minio:9000',
        RUN_JOBS: 'maybe',
        ADMIN_PASSWORD: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/S3_BUCKET/);
    expect(problems).toMatch(/RUN_JOBS/);
    expect(problems).toMatch(/ADMIN_PASSWORD/);
  });

  it('reads the per-domain site names', () => {
    const c = loadConfig({ SITE_DOMAIN_NAMES: 'Hot.Example=Hot Spot, not.example=Not Spot' });
    expect(c.siteDomainNames).toEqual({ 'hot.example': 'Hot Spot', 'not.example': 'Not Spot' });
  });
});

describe(`platform HTTP (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports database and storage health (to the admin)', async () => {
    const res = await asAdmin(t).get('/api/health').expect(200);
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.storage).toMatchObject({ status: 'up', provider: 'local' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/session', '/api/idle-redirect-config']));
  });

  it('sets security headers and hides internals', async () => {
    const res = await request(t.server).get('/api/idle-redirect-config').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await request(t.server).get('/api/does-not-exist').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'not_found' });
  });

  it('serves the public redirect defaults when nothing is configured', async () => {
    const res = await request(t.server).get('/api/idle-redirect-config').expect(200);
    expect(res.body).toEqual({ enabled: false, idleRedirectTime: 300, idleRedirectUrl: '', backButtonUrl: '' });
  });

  it('reflects the newest active redirect rows in the public config', async () => {
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active, created_at) VALUES (60, 'https://old.example', true, now() - interval '1 day')`,
    );
    await db.query(
      `INSERT INTO idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active) VALUES (120, 'https://new.example', true)`,
    );
    await db.query(
      `INSERT INTO back_button_configs (back_button_url, is_active) VALUES ('https://back.example', true)`,
    );
    const res = await request(t.server).get('/api/idle-redirect-config').expect(200);
    expect(res.body).toEqual({
      enabled: true,
      idleRedirectTime: 120,
      idleRedirectUrl: 'https://new.example',
      backButtonUrl: 'https://back.example',
    });
    await db.query(`DELETE FROM idle_redirect_configs; DELETE FROM back_button_configs`);
  });

  it('answers JSON null for a missing or inactive ad zone and the code for an active one', async () => {
    const none = await request(t.server).get('/api/ad-config/zone1').expect(200);
    expect(none.headers['content-type']).toMatch(/application\/json/);
    expect(none.text).toBe('null');
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO ad_configs (zone_id, zone_name, ad_code, is_active) VALUES ('zone1', 'Ad Zone 1', '<b>ad</b>', false)`,
    );
    expect((await request(t.server).get('/api/ad-config/zone1').expect(200)).text).toBe('null');
    await db.query(`UPDATE ad_configs SET is_active = true WHERE zone_id = 'zone1'`);
    const res = await request(t.server).get('/api/ad-config/zone1').expect(200);
    expect(res.body).toMatchObject({ zoneId: 'zone1', zoneName: 'Ad Zone 1', adCode: '<b>ad</b>', isActive: true });
    expect(res.headers['cache-control'] ?? '').not.toMatch(/max-age/);

    // the iframe's own document: the ad's HTML under a policy that lets its scripts run
    const frame = await request(t.server).get('/api/ad-frame/zone1').expect(200);
    expect(frame.headers['content-type']).toMatch(/text\/html/);
    expect(frame.text).toContain('<b>ad</b>');
    expect(frame.headers['content-security-policy']).toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // an opaque origin wherever it is opened (framed, or top-level through a link): no escape from it
    const csp = frame.headers['content-security-policy'] as string;
    expect(csp).toMatch(/(^|; )sandbox allow-scripts allow-popups(;|$)/);
    expect(csp).not.toMatch(/allow-same-origin|allow-popups-to-escape-sandbox|allow-top-navigation/);
    await request(t.server).get('/api/ad-frame/zone2').expect(404);
  });

  it('enforces the database constraints: unique names case-insensitively, one vote and one view per user and media', async () => {
    const db = t.app.get(DataSource);
    await db.query(`INSERT INTO users (session_id, username) VALUES ($1, 'ConstraintCat')`, [newSessionId()]);
    await expect(
      db.query(`INSERT INTO users (session_id, username) VALUES ($1, 'constraintcat')`, [newSessionId()]),
    ).rejects.toThrow();
    const [u] = await db.query(`SELECT id FROM users WHERE username = 'ConstraintCat'`);
    const [m] = await db.query(
      `INSERT INTO media (user_id, storage_key, original_name, mime_type, size) VALUES ($1, 'k/constraint.png', 'c.png', 'image/png', 1) RETURNING id`,
      [u.id],
    );
    await db.query(`INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, true)`, [u.id, m.id]);
    await expect(
      db.query(`INSERT INTO votes (user_id, media_id, is_hot) VALUES ($1, $2, false)`, [u.id, m.id]),
    ).rejects.toThrow();
    await db.query(`INSERT INTO views (user_id, media_id) VALUES ($1, $2)`, [u.id, m.id]);
    await expect(db.query(`INSERT INTO views (user_id, media_id) VALUES ($1, $2)`, [u.id, m.id])).rejects.toThrow();
    // deleting the user takes their media, votes and views with it
    await db.query(`DELETE FROM users WHERE id = $1`, [u.id]);
    const [left] = await db.query(
      `SELECT (SELECT count(*) FROM media WHERE user_id = $1)::int + (SELECT count(*) FROM votes WHERE user_id = $1)::int + (SELECT count(*) FROM views WHERE user_id = $1)::int AS n`,
      [u.id],
    );
    expect(left.n).toBe(0);
  });
});

describe(`API docs in production (${dbKind})`, () => {
  it('are for the admin only: 401 with a Basic prompt without credentials, the document with them', async () => {
    const t = await startTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      for (const url of ['/api/docs', '/api/docs-json', '/api/docs-yaml']) {
        const res = await request(t.server).get(url).expect(401);
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm="API docs"/);
        expect(res.text).not.toMatch(/openapi|swagger/i);
      }
      const auth = `Basic ${Buffer.from(`admin:${t.config.adminPassword}`).toString('base64')}`;
      await request(t.server)
        .get('/api/docs-json')
        .set('Authorization', `Basic ${Buffer.from('admin:wrong-pass').toString('base64')}`)
        .expect(401);
      const doc = await request(t.server).get('/api/docs-json').set('Authorization', auth).expect(200);
      expect(Object.keys(doc.body.paths)).toContain('/api/session');
      await request(t.server).get('/api/docs').set('Authorization', auth).expect(200);
    } finally {
      await t.close();
    }
  });
});

describe(`web apps on the API port (${dbKind})`, () => {
  let builds: string;
  beforeAll(async () => {
    builds = await mkdtemp(path.join(os.tmpdir(), 'vibe-builds-'));
    // a stand-in build of each app, the way `vite build` lays it out
    for (const [dir, title] of [
      [path.join(builds, 'visitor'), 'Visitor'],
      [path.join(builds, 'admin'), 'Admin'],
    ] as const) {
      await mkdir(path.join(dir, 'assets'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
      await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    }
  });
  afterAll(() => rm(builds, { recursive: true, force: true }));

  it('serves the visitor app with history fallback, the admin app under /adm, and keeps /api JSON', async () => {
    const app = await startTestApp({
      VISITOR_WEB_DIR: path.join(builds, 'visitor'),
      ADMIN_WEB_DIR: path.join(builds, 'admin'),
    });
    try {
      expect((await request(app.server).get('/').expect(200)).text).toContain('Visitor');
      expect((await request(app.server).get('/stats').set('Accept', 'text/html').expect(200)).text).toContain(
        'Visitor',
      );
      expect(
        (await request(app.server).get('/some/unknown/page').set('Accept', 'text/html').expect(200)).text,
      ).toContain('Visitor');
      expect((await request(app.server).get('/adm/users').set('Accept', 'text/html').expect(200)).text).toContain(
        'Admin',
      );
      const asset = await request(app.server).get('/assets/app-abc123.js').expect(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const redirect = await request(app.server).get('/adm/db-test').expect(301);
      expect(redirect.headers.location).toBe('/adm/dbtest');
      const api = await request(app.server).get('/api/nothing-here').set('Accept', 'text/html').expect(404);
      expect(api.body.error).toBe('not_found');
    } finally {
      await app.close();
    }
  });
});

describe(`graceful shutdown (${dbKind})`, () => {
  it('finishes an in-flight request, then stops accepting and closes the database', async () => {
    const t = await startTestApp();
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const { port } = t.server.address() as AddressInfo;
    const db = t.app.get(DataSource);
    const body = JSON.stringify({ sessionId: newSessionId() });

    // start a request whose body is still arriving when shutdown begins; each step waits for the
    // event it needs (the server saw the request; the server stopped listening), never for a delay
    const seen = new Promise((resolve) => t.server.once('request', resolve));
    let sendRest = () => {};
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/session',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      sendRest = () => req.end(body.slice(10));
    });
    await seen;
    const closing = t.close();
    while (t.server.listening) await new Promise((r) => setImmediate(r));
    sendRest();
    const done = await response;
    await closing;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body).sessionId).toBeTruthy();
    expect(db.isInitialized).toBe(false);
    await expect(
      new Promise((resolve, reject) =>
        http.get({ port, host: '127.0.0.1', path: '/api/health' }, resolve).on('error', reject),
      ),
    ).rejects.toThrow();
  });
});
