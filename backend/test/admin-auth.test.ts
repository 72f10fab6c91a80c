import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { resolveAdminCredentials } from '../src/platform/http/admin-auth/admin-credentials.js';
import { ADMIN_THROTTLE } from '../src/platform/http/admin-auth/admin-password-check.js';
import { parseBasicAuth } from '../src/platform/http/admin-auth/authorization-header.js';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { createHash, randomBytes } from 'node:crypto';
import { adminAuth, asAdmin, db, seedStoredMedia, seedVote, tableCounts } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Every admin route the app really serves, read from the Express router (so part B's are covered too). */
function adminRoutes(t: TestApp): Array<{ method: string; path: string }> {
  const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
  interface Layer {
    route?: { path: unknown; methods: Record<string, boolean> };
  }
  const out: Array<{ method: string; path: string }> = [];
  for (const layer of router.stack) {
    const p = layer.route?.path;
    if (typeof p !== 'string' || !/^\/api\/(admin|db-test)(\/|$)/i.test(p)) continue;
    for (const method of Object.keys(layer.route!.methods)) out.push({ method, path: p.replace(/:\w+/g, '1') });
  }
  return out;
}

let ipCounter = 0;
/** A fresh client address per call, so the per-IP throttle does not turn expected 401s into 429s. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe(`admin authentication (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses every admin and db-test route without or with wrong credentials, and changes nothing', async () => {
    const owner = await newVisitor(t);
    const voter = await newVisitor(t);
    const media = await seedStoredMedia(t, { userId: owner.id });
    await seedVote(t, voter.id, media.id, true);
    // the one admin route that takes no credentials is where they are exchanged for a token
    const all = adminRoutes(t);
    const routes = all.filter((r) => !(r.method === 'post' && r.path === '/api/admin/login'));
    expect(all.length - routes.length).toBe(1);
    const listed = routes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    // the routes this part of the admin API must serve (others join the enumeration as they are added)
    for (const expected of [
      'GET /api/admin/media',
      'DELETE /api/admin/media/1',
      'GET /api/admin/users',
      'GET /api/admin/export-votes',
      'GET /api/admin/stats',
      'POST /api/admin/reset-database',
      'GET /api/db-test/connection',
      'GET /api/db-test/schema',
      'GET /api/db-test/counts',
      'GET /api/db-test/queries',
      'GET /api/admin/idle-redirect-config',
      'POST /api/admin/idle-redirect-config',
      'GET /api/admin/back-button-config',
      'POST /api/admin/back-button-config',
      'GET /api/admin/idle-redirect-history',
      'GET /api/admin/back-button-history',
      'GET /api/admin/ad-config/1',
      'POST /api/admin/ad-config/1',
      'POST /api/admin/traffic-handler-migration',
      'POST /api/admin/ad-migration',
      'POST /api/admin/logout',
      'GET /api/admin/stats/daily',
      'GET /api/admin/media/totals',
      'GET /api/admin/users/totals',
      'POST /api/admin/media/delete',
      'GET /api/admin/jobs',
      'GET /api/admin/jobs/1',
    ]) {
      expect(listed).toContain(expected);
    }

    // tokens that were real once: one logged out, one past its expiry
    const issue = async () =>
      (
        await request(t.server)
          .post('/api/admin/login')
          .send({ username: t.config.adminUsername, password: t.config.adminPassword })
          .expect(200)
      ).body.token as string;
    const revoked = await issue();
    await request(t.server).post('/api/admin/logout').set('Authorization', `Bearer ${revoked}`).expect(204);
    const expired = await issue();
    await db(t).query(`UPDATE admin_sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
      createHash('sha256').update(expired).digest('hex'),
    ]);

    const before = await tableCounts(t);
    for (const [i, { method, path: url }] of routes.entries()) {
      // the throttle has its own tests; here every refusal must be a plain 401
      if (i % 5 === 0) await db(t).query(`DELETE FROM admin_login_failures`);
      const attempts: Array<[string, string | undefined]> = [
        ['no credentials', undefined],
        ['a wrong password', basic(t.config.adminUsername, 'not-the-password')],
        ['an unknown user', basic(`root${i}`, t.config.adminPassword!)],
        ['a malformed header', 'Basic !!!'],
        ['another scheme', 'Digest abc'],
        ['a garbage token', 'Bearer abc'],
        ['an unknown token', `Bearer ${randomBytes(32).toString('base64url')}`],
        ['a revoked token', `Bearer ${revoked}`],
        ['an expired token', `Bearer ${expired}`],
      ];
      for (const [label, header] of attempts) {
        let req = (request(t.server) as unknown as Record<string, (u: string) => request.Test>)[method]!(url)
          .set('X-Forwarded-For', freshIp())
          .send({
            confirm: 'RESET DATABASE',
            zoneName: 'x',
            adCode: 'x',
            idleRedirectTime: 60,
            idleRedirectUrl: 'https://a.example',
            backButtonUrl: 'https://a.example',
          });
        if (header) req = req.set('Authorization', header);
        const res = await req;
        expect(res.status, `${method.toUpperCase()} ${url} with ${label}`).toBe(401);
        expect(res.headers['www-authenticate']).toBeUndefined();
        expect(res.body.statusCode).toBe(401);
        expect(res.body.message, `${method.toUpperCase()} ${url} with ${label}`).toBe(
          label === 'a revoked token' || label === 'an expired token'
            ? 'Admin session expired'
            : label === 'a garbage token' || label === 'an unknown token'
              ? 'Invalid credentials'
              : header?.startsWith('Basic ') && label !== 'a malformed header'
                ? 'Invalid credentials'
                : 'Admin authentication required',
        );
      }
    }
    await db(t).query(`DELETE FROM admin_login_failures`);
    expect(await tableCounts(t)).toEqual(before);
    expect(await t.app.get(ObjectStorage).stat(media.storageKey)).not.toBeNull();
  });

  it('accepts the configured credentials, also on a differently cased path', async () => {
    await asAdmin(t).get('/api/admin/media').expect(200);
    await request(t.server).get('/API/Admin/Media').expect(401);
    await request(t.server).get('/API/Admin/Media').set('Authorization', adminAuth(t)).expect(200);
  });

  it('leaves visitor routes alone', async () => {
    await request(t.server).get('/api/idle-redirect-config').expect(200);
    await request(t.server).get('/api/site-config').set('Authorization', 'Basic bm9wZTpub3Bl').expect(200);
  });

  it('throttles failures per IP with a clear 429, even for the right password afterwards', async () => {
    const ip = freshIp();
    for (let i = 0; i < ADMIN_THROTTLE.maxPerIp; i++) {
      await request(t.server)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', ip)
        .set('Authorization', basic(`guess${i}`, 'wrong-password'))
        .expect(401);
    }
    const blocked = await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', ip)
      .set('Authorization', adminAuth(t))
      .expect(429);
    expect(blocked.body).toMatchObject({
      statusCode: 429,
      error: 'rate_limited',
      message: expect.stringMatching(/Too many failed admin logins/),
    });
    expect(Number(blocked.headers['retry-after'])).toBe(ADMIN_THROTTLE.windowMs / 1000);
    // the attempt made while blocked is not checked, so it is not logged either
    const [{ n }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_login_failures WHERE ip = $1`, [ip]);
    expect(n).toBe(ADMIN_THROTTLE.maxPerIp);
    // another address is not affected
    await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', freshIp())
      .set('Authorization', adminAuth(t))
      .expect(200);
  });

  it('throttles failures per account across addresses, sparing addresses the admin logged in from', async () => {
    const trustedIp = freshIp();
    await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', trustedIp)
      .set('Authorization', adminAuth(t))
      .expect(200);
    for (let i = 0; i < ADMIN_THROTTLE.maxPerAccount; i++) {
      await request(t.server)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', freshIp())
        .set('Authorization', basic('ADMIN', `guess-${i}`))
        .expect(401);
    }
    // the account is locked for everyone else, right password or not (the limit lives in the database)
    const res = await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', freshIp())
      .set('Authorization', adminAuth(t))
      .expect(429);
    expect(res.body.message).toMatch(/Too many failed admin logins/);
    await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', freshIp())
      .set('Authorization', basic('admin', 'guess-x'))
      .expect(429);
    // ... but the address the admin works from keeps working
    await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', trustedIp)
      .set('Authorization', adminAuth(t))
      .expect(200);
    await db(t).query(`DELETE FROM admin_login_failures`);
  });

  it('parses Basic credentials strictly', () => {
    expect(parseBasicAuth(basic('admin', 'pa:ss word'))).toEqual({ username: 'admin', password: 'pa:ss word' });
    expect(parseBasicAuth('basic ' + Buffer.from('a:b').toString('base64'))).toEqual({ username: 'a', password: 'b' });
    expect(parseBasicAuth(undefined)).toBeNull();
    expect(parseBasicAuth('Basic ' + Buffer.from('no-colon').toString('base64'))).toBeNull();
    expect(parseBasicAuth('Digest abc')).toBeNull();
  });
});

describe('admin password when none is configured', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-admin-pw-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('development generates one, keeps it in DATA_DIR/admin-password (owner-only) and reuses it', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    // printed on stderr, so stdout stays JSON log lines
    const log = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const first = await resolveAdminCredentials(config);
    const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    const file = path.join(dir, 'admin-password');
    const password = (await readFile(file, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(printed).toContain(password);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.matches('admin', password)).toBe(true);

    const again = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const second = await resolveAdminCredentials(config);
    expect(again).not.toHaveBeenCalled(); // printed once, at generation
    again.mockRestore();
    expect(second.matches('admin', password)).toBe(true);
    expect(second.matches('admin', 'something-else')).toBe(false);
    expect(second.matches('Admin', password)).toBe(false);
  });

  it('production refuses to start', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SMTP_URL: 'smtp://127.0.0.1:2525' });
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(resolveAdminCredentials(config)).rejects.toThrow(/ADMIN_PASSWORD must be set in production/);
    err.mockRestore();
  });

  it('a whole app started without ADMIN_PASSWORD accepts the generated password', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const t = await startTestApp({ ADMIN_PASSWORD: undefined });
    log.mockRestore();
    try {
      const password = (await readFile(path.join(t.dataDir, 'admin-password'), 'utf8')).trim();
      await request(t.server).get('/api/admin/media').set('Authorization', basic('admin', password)).expect(200);
      await request(t.server)
        .get('/api/admin/media')
        .set('Authorization', basic('admin', 'test-admin-password'))
        .expect(401);
    } finally {
      await t.close();
    }
  });
});
