import { Redis } from 'ioredis';
import request from 'supertest';
import { dbKind, startTestApp } from './support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe(`request throttle (${dbKind})`, () => {
  it('answers 429 with a message past the per-minute limit', async () => {
    const t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) await request(t.server).get('/api/idle-redirect-config').expect(200);
      const res = await request(t.server).get('/api/idle-redirect-config').expect(429);
      expect(res.body.message).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  describe.runIf(redisUrl)('with Redis', () => {
    it('shares the count between API replicas', async () => {
      const prefix = `throttle-test-${process.pid}-${Date.now()}`;
      const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redisUrl, JOBS_PREFIX: prefix, RUN_JOBS: 'false' };
      const a = await startTestApp(env);
      const b = await startTestApp(env);
      try {
        await request(a.server).get('/api/idle-redirect-config').expect(200);
        await request(b.server).get('/api/idle-redirect-config').expect(200);
        await request(a.server).get('/api/idle-redirect-config').expect(200);
        await request(b.server).get('/api/idle-redirect-config').expect(200);
        await request(a.server).get('/api/idle-redirect-config').expect(429);
        await request(b.server).get('/api/idle-redirect-config').expect(429);
      } finally {
        await a.close();
        await b.close();
        // leave the shared Redis as we found it (queues and counters live under the prefix)
        const redis = new Redis(redisUrl!);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    });
  });
});
