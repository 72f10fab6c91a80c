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

    it('shares the count between API replicas', async () => {
      // each replica reports what is left of the one shared count
      const remaining: string[] = [];
      for (const replica of [a, b, a, b]) {
        const ok = await request(replica.server).get('/api/idle-redirect-config').expect(200);
        remaining.push(ok.headers['x-ratelimit-remaining']);
      }
      expect(remaining).toEqual(['3', '2', '1', '0']);
      await request(a.server).get('/api/idle-redirect-config').expect(429);
      await request(b.server).get('/api/idle-redirect-config').expect(429);
    });
  });
});
