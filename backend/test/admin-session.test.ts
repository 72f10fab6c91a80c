import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ADMIN_THROTTLE } from '../src/platform/http/admin-auth/admin-password-check.js';
import { db, tableCounts } from './support/admin.js';
import { createTestDatabase, dbKind, startTestApp, type TestApp } from './support/test-app.js';

let ipCounter = 0;
/** A fresh client address per test, so the per-IP throttle of one test does not reach another. */
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function login(t: TestApp, password = t.config.adminPassword!, ip = freshIp()) {
  return request(t.server)
    .post('/api/admin/login')
    .set('X-Forwarded-For', ip)
    .send({ username: t.config.adminUsername, password });
}

const bearer = (token: string) => `Bearer ${token}`;

describe(`admin session token (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('login answers a token that authenticates admin calls and reveals nothing of the password', async () => {
    const before = Date.now();
    const res = await login(t).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'token', 'username']);
    expect(res.body.username).toBe(t.config.adminUsername);
    const token: string = res.body.token;
    // 256 random bits as base64url, unrelated to the password
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const password = t.config.adminPassword!;
    for (const form of [
      token,
      Buffer.from(token, 'base64url').toString('latin1'),
      Buffer.from(token, 'base64').toString('latin1'),
    ])
      expect(form).not.toContain(password);
    expect(token).not.toContain(Buffer.from(password).toString('base64'));
    // default lifetime 12 h
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(expiresAt - before).toBeLessThan(12 * 3600_000 + 60_000);

    const stats = await request(t.server).get('/api/admin/stats').set('Authorization', bearer(token)).expect(200);
    expect(stats.body).toHaveProperty('totalUsers');
    await request(t.server).get('/api/db-test/counts').set('Authorization', bearer(token)).expect(200);

    // the server keeps only the token's SHA-256: neither the token nor the password is in the table
    const rows: Array<Record<string, unknown>> = await db(t).query(`SELECT * FROM admin_sessions`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(password);
    expect(rows.map((r) => String(r.token_hash).trim())).toContain(sha256(token));
  });

  it('logout revokes the token at once; Basic keeps working', async () => {
    const { token } = (await login(t).expect(200)).body;
    await request(t.server).get('/api/admin/media').set('Authorization', bearer(token)).expect(200);
    await request(t.server).post('/api/admin/logout').set('Authorization', bearer(token)).expect(204);
    const after = await request(t.server).get('/api/admin/media').set('Authorization', bearer(token)).expect(401);
    expect(after.body).toMatchObject({ statusCode: 401, message: 'Admin session expired' });
    // a second logout with the dead token is refused the same way
    await request(t.server).post('/api/admin/logout').set('Authorization', bearer(token)).expect(401);
    await request(t.server).get('/api/admin/media').auth(t.config.adminUsername, t.config.adminPassword!).expect(200);
  });

  it('logging out one token leaves the others (another browser) signed in', async () => {
    const a = (await login(t).expect(200)).body.token;
    const b = (await login(t).expect(200)).body.token;
    expect(a).not.toBe(b);
    await request(t.server).post('/api/admin/logout').set('Authorization', bearer(a)).expect(204);
    await request(t.server).get('/api/admin/stats').set('Authorization', bearer(b)).expect(200);
  });

  it('an expired token is refused as expired', async () => {
    const { token } = (await login(t).expect(200)).body;
    await db(t).query(`UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(token),
    ]);
    const res = await request(t.server).get('/api/admin/stats').set('Authorization', bearer(token)).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'unauthenticated', message: 'Admin session expired' });
  });

  it('a garbage or unknown Bearer token is refused and changes nothing', async () => {
    const before = await tableCounts(t);
    const [{ n: sessionsBefore }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_sessions`);
    const [{ n: failuresBefore }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_login_failures`);
    for (const token of ['garbage', randomBytes(32).toString('base64url'), 'a'.repeat(5000), "x' OR 1=1 --"]) {
      for (const [method, url] of [
        ['post', '/api/admin/reset-database'],
        ['delete', '/api/admin/media/1'],
        ['post', '/api/admin/logout'],
        ['get', '/api/admin/stats'],
      ] as const) {
        const agent = request(t.server);
        const res = await agent[method](url).set('Authorization', bearer(token)).send({ confirm: 'RESET DATABASE' });
        expect(res.status, `${method} ${url} with ${token.slice(0, 20)}`).toBe(401);
        expect(res.body.message).toBe('Invalid credentials');
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
    }
    expect(await tableCounts(t)).toEqual(before);
    const [{ n: sessionsAfter }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_sessions`);
    const [{ n: failuresAfter }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_login_failures`);
    expect(sessionsAfter).toBe(sessionsBefore);
    expect(failuresAfter).toBe(failuresBefore);
  });

  it('wrong credentials answer 401 Invalid credentials and issue no token', async () => {
    const [{ n: before }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_sessions`);
    const wrong = await login(t, 'not-the-password').expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, error: 'unauthenticated', message: 'Invalid credentials' });
    const unknown = await request(t.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', freshIp())
      .send({ username: 'root', password: t.config.adminPassword })
      .expect(401);
    expect(unknown.body.message).toBe('Invalid credentials');
    const [{ n: after }] = await db(t).query(`SELECT count(*)::int AS n FROM admin_sessions`);
    expect(after).toBe(before);
  });

  it('login refuses a malformed body with 400 and a form-encoded one with 415', async () => {
    for (const body of [{}, { username: 'admin' }, { username: 1, password: 2 }, { username: 'admin', password: '' }]) {
      const res = await request(t.server).post('/api/admin/login').set('X-Forwarded-For', freshIp()).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const form = await request(t.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', freshIp())
      .type('form')
      .send({ username: t.config.adminUsername, password: t.config.adminPassword })
      .expect(415);
    expect(form.body.message).toMatch(/JSON/);
  });

  it('the failure throttle applies to login: 429 with a message, even for the right password', async () => {
    const ip = freshIp();
    for (let i = 0; i < ADMIN_THROTTLE.maxPerIp; i++) await login(t, `wrong-${i}`, ip).expect(401);
    const blocked = await login(t, t.config.adminPassword!, ip).expect(429);
    expect(blocked.body).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/Too many failed admin logins/),
    });
    // a token issued earlier keeps working from that address: it proves a past login, not a guess
    const { token } = (await login(t).expect(200)).body;
    await request(t.server)
      .get('/api/admin/stats')
      .set('X-Forwarded-For', ip)
      .set('Authorization', bearer(token))
      .expect(200);
    await db(t).query(`DELETE FROM admin_login_failures`);
  });

  it('login deletes sessions long past their expiry', async () => {
    await db(t).query(
      `INSERT INTO admin_sessions (token_hash, username, credentials_tag, created_at, expires_at)
       VALUES ($1, 'admin', '', now() - interval '40 days', now() - interval '30 days')`,
      [sha256('old')],
    );
    await login(t).expect(200);
    const rows = await db(t).query(`SELECT 1 FROM admin_sessions WHERE token_hash = $1`, [sha256('old')]);
    expect(rows).toHaveLength(0);
  });
});

describe(`admin session token lifetime and password changes (${dbKind})`, () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-admin-session-'));
    if (process.env.DATABASE_URL) database = await createTestDatabase('vibe_test', { migrated: true });
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });
  const env = (password: string, extra: Record<string, string> = {}) => ({
    DATA_DIR: dir,
    DATABASE_URL: database?.url,
    ADMIN_PASSWORD: password,
    ...extra,
  });

  it('ADMIN_TOKEN_TTL_HOURS sets the lifetime; a new ADMIN_PASSWORD ends the sessions issued under the old one', async () => {
    const first = await startTestApp(env('first-password', { ADMIN_TOKEN_TTL_HOURS: '2' }));
    let token: string;
    try {
      const res = await login(first).expect(200);
      token = res.body.token;
      const ttl = Date.parse(res.body.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(ttl).toBeLessThan(2 * 3600_000 + 60_000);
    } finally {
      await first.close(); // drops only its own temp dir and database, not DATA_DIR / DATABASE_URL given here
    }
    const same = await startTestApp(env('first-password'));
    try {
      await request(same.server).get('/api/admin/stats').set('Authorization', bearer(token)).expect(200);
    } finally {
      await same.close();
    }
    const rotated = await startTestApp(env('second-password'));
    try {
      const res = await request(rotated.server).get('/api/admin/stats').set('Authorization', bearer(token)).expect(401);
      expect(res.body.message).toBe('Admin session expired');
    } finally {
      await rotated.close();
    }
  });

  it('refuses an out-of-range ADMIN_TOKEN_TTL_HOURS at boot', async () => {
    const { loadConfig } = await import('../src/config/env.js');
    expect(() => loadConfig({ ADMIN_TOKEN_TTL_HOURS: '0' })).toThrow(/ADMIN_TOKEN_TTL_HOURS/);
    expect(() => loadConfig({ ADMIN_TOKEN_TTL_HOURS: 'soon' })).toThrow(/ADMIN_TOKEN_TTL_HOURS/);
    expect(loadConfig({}).adminTokenTtlHours).toBe(12);
  });
});
