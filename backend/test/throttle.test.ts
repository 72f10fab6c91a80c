import { Redis } from 'ioredis';
import request from 'supertest';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe(`request throttle (${dbKind})`, () => {
  describe('one process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => t?.close());

    it('answers 429 with a message past the per-minute limit', async () => {
      // the count is read back from the answers, not inferred from their order
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const ok = await request(t.server).get('/api/idle-redirect-config').expect(200);
        remaining.push(ok.headers['x-ratelimit-remaining']);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const res = await request(t.server).get('/api/idle-redirect-config').expect(429);
      expect(res.body).toMatchObject({ statusCode: 429, error: 'rate_limited' });
      expect(res.body.message).toMatch(/too many requests/i);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });
  });

  describe('one budget per address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '8' });
    });
    afterAll(() => t?.close());

    // issue 20: the guard counted per route, so 4 routes gave an address 4 times the limit
    it('counts every route of an address in one bucket: 4 routes × 3 requests, 8 served', async () => {
      const routes = [
        '/api/idle-redirect-config',
        '/api/site-config',
        '/api/ad-config/header',
        '/api/users/check-username/SomeName',
      ];
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++)
        for (const route of routes) statuses.push((await request(t.server).get(route)).status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      expect(statuses.slice(0, 8).every((s) => s !== 429)).toBe(true);
      // another address has its own budget
      await request(t.server).get('/api/site-config').set('X-Forwarded-For', '198.51.100.9').expect(200);
    });
  });

  describe.runIf(redisUrl)('with Redis', () => {
    const prefix = `throttle-test-${process.pid}-${Date.now()}`;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redisUrl, JOBS_PREFIX: prefix, RUN_JOBS: 'false' };
      a = await startTestApp(env);
      b = await startTestApp(env);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      // leave the shared Redis as we found it (queues and counters live under the prefix)
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('shares the count between API replicas and routes', async () => {
      // each replica reports what is left of the one shared count, whichever route was asked
      const remaining: string[] = [];
      const routes = ['/api/idle-redirect-config', '/api/site-config', '/api/ad-config/header', '/api/site-config'];
      for (const [i, replica] of [a, b, a, b].entries()) {
        const ok = await request(replica.server).get(routes[i]!).expect(200);
        remaining.push(ok.headers['x-ratelimit-remaining']);
      }
      expect(remaining).toEqual(['3', '2', '1', '0']);
      await request(a.server).get('/api/users/check-username/SomeName').expect(429);
      await request(b.server).get('/api/idle-redirect-config').expect(429);
    });
  });
});
