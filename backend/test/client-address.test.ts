import request from 'supertest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { ADMIN_THROTTLE } from '../src/platform/http/admin-auth/admin-password-check.js';
import { db } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

const wrongPassword = (i: number) => `Basic ${Buffer.from(`admin:wrong-${i}`).toString('base64')}`;

/**
 * Only a configured proxy (TRUSTED_PROXIES, default loopback) may say who the client is. The
 * tests reach the app from 127.0.0.1, so they play the proxy (loopback) or an untrusted peer.
 */
describe(`client address behind proxies (${dbKind})`, () => {
  describe('default: only loopback is a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    });
    afterAll(() => t.close());

    it('takes the address the proxy sets', async () => {
      await request(t.server)
        .get('/api/admin/stats')
        .set('X-Forwarded-For', '203.0.113.9')
        .set('Authorization', wrongPassword(0))
        .expect(401);
      const rows = await db(t).query(`SELECT ip FROM admin_login_failures`);
      expect(rows).toEqual([{ ip: '203.0.113.9' }]);
      await db(t).query(`DELETE FROM admin_login_failures`);
    });

    it('ignores what a client wrote before a private-looking hop: rotating it does not escape the IP limit', async () => {
      // a client behind a proxy that appends, claiming a new address each time "through" 10.0.0.7
      const statuses: number[] = [];
      for (let i = 0; i <= ADMIN_THROTTLE.maxPerIp; i++) {
        const res = await request(t.server)
          .get('/api/admin/stats')
          .set('X-Forwarded-For', `198.51.100.${i + 1}, 10.0.0.7`)
          .set('Authorization', wrongPassword(i));
        statuses.push(res.status);
      }
      expect(statuses.slice(0, ADMIN_THROTTLE.maxPerIp)).toEqual(Array(ADMIN_THROTTLE.maxPerIp).fill(401));
      expect(statuses.at(-1)).toBe(429);
      const rows = await db(t).query(`SELECT DISTINCT ip FROM admin_login_failures`);
      expect(rows).toEqual([{ ip: '10.0.0.7' }]);
      await db(t).query(`DELETE FROM admin_login_failures`);
    });
  });

  describe('a configured proxy elsewhere: this peer is untrusted', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUSTED_PROXIES: '10.1.2.3, 192.0.2.0/24', RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => t.close());

    it('the flood guard counts the peer, whatever X-Forwarded-For it sends', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(t.server).get('/api/idle-redirect-config').set('X-Forwarded-For', `198.51.100.${i}`);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  describe('an untrusted peer and the admin limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUSTED_PROXIES: '10.1.2.3', RATE_LIMIT_PER_MINUTE: '1000' });
    });
    afterAll(() => t.close());

    it('rotating X-Forwarded-For does not reset the per-IP count of wrong admin passwords', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= ADMIN_THROTTLE.maxPerIp; i++) {
        const res = await request(t.server)
          .get('/api/admin/stats')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .set('Authorization', wrongPassword(i));
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
      const rows = await db(t).query(`SELECT DISTINCT ip FROM admin_login_failures`);
      expect(rows).toEqual([{ ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/) }]);
    });
  });

  it('TRUSTED_PROXIES takes addresses, CIDR ranges and loopback/linklocal/uniquelocal, and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual(['loopback']);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.2, 172.16.0.0/12,loopback, ::1, fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['nginx', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    }
  });
});
