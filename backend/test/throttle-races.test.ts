import request from 'supertest';
import { ADMIN_THROTTLE } from '../src/platform/http/admin-auth/admin-password-check.js';
import { db } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

/** Every limit holds exactly when 100 requests arrive at once (PostgreSQL serves them in parallel). */
describe(`throttles under 100 parallel requests (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('admin: exactly 10 wrong passwords are checked per IP, the other 90 answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.server)
          .get('/api/admin/stats')
          .set('X-Forwarded-For', '203.0.113.50')
          .set('Authorization', basic(`guess${i}`, 'wrong-password')),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({
      401: ADMIN_THROTTLE.maxPerIp,
      429: 100 - ADMIN_THROTTLE.maxPerIp,
    });
    const [row] = await db(t).query(`SELECT count(*)::int AS n FROM admin_login_failures WHERE ip = '203.0.113.50'`);
    expect(row.n).toBe(ADMIN_THROTTLE.maxPerIp);
    await db(t).query(`DELETE FROM admin_login_failures`);
  });

  it('admin: exactly 30 wrong passwords are checked per account, from 100 addresses at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.server)
          .get('/api/admin/stats')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .set('Authorization', basic('admin', `wrong-${i}`)),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({
      401: ADMIN_THROTTLE.maxPerAccount,
      429: 100 - ADMIN_THROTTLE.maxPerAccount,
    });
    await db(t).query(`DELETE FROM admin_login_failures`);
  });

  it('magic links: exactly 5 links per address, however many ask at once', async () => {
    // a saved account, so every accepted request really issues a token
    const owner = await newVisitor(t);
    await db(t).query(`UPDATE users SET email = 'race@example.com', email_verified = true WHERE id = $1`, [owner.id]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.server)
          .post('/api/auth/login-existing')
          .set('X-Forwarded-For', `192.0.2.${i + 1}`)
          .send({ email: 'race@example.com' }),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 5, 429: 95 });
    const [tokens] = await db(t).query(`SELECT count(*)::int AS n FROM magic_link_tokens WHERE user_id = $1`, [
      owner.id,
    ]);
    expect(tokens.n).toBe(5);
  });

  it('magic links: exactly 20 requests per IP, across addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(t.server)
          .post('/api/auth/login-existing')
          .set('X-Forwarded-For', '203.0.113.77')
          .send({ email: `someone${i}@example.com` }),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 20, 429: 80 });
    const [row] = await db(t).query(`SELECT count(*)::int AS n FROM magic_link_requests WHERE ip = '203.0.113.77'`);
    expect(row.n).toBe(20);
  });
});
