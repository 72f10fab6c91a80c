import request from 'supertest';
import { adminMediaCookie } from './fixtures/media-fixtures.js';
import { seedStoredMedia } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const LIMIT = 5;
/** `cookie`: the admin's /media pass, for hits on an original (served only to its uploader and admins) */
const get = (t: TestApp, key: string, address: string, cookie?: string) => {
  const req = request(t.server).get(`/media/${key}`).set('X-Forwarded-For', address);
  return cookie ? req.set('Cookie', cookie) : req;
};

/**
 * Issue 20: /media/* skips the flood guard (a page loads many images and range requests), so
 * someone could try keys as fast as they like. Hits stay unthrottled; misses (404: no such
 * file, a hidden item, an unsafe key) spend the address's MEDIA_MISSES_PER_ADDRESS_PER_MINUTE.
 */
describe(`/media/* misses are rate limited per address (${dbKind})`, () => {
  let t: TestApp;
  let key: string;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp({ MEDIA_MISSES_PER_ADDRESS_PER_MINUTE: String(LIMIT) });
    const owner = await newVisitor(t);
    key = (await seedStoredMedia(t, { userId: owner.id })).storageKey;
    cookie = await adminMediaCookie(t);
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After after the limit of misses; hits keep working; another address is unaffected', async () => {
    const prober = '203.0.113.50';
    // many hits first: never counted
    for (let i = 0; i < LIMIT * 3; i++) await get(t, key, prober, cookie).expect(200);
    for (let i = 0; i < LIMIT; i++) {
      await get(t, `test/missing-${i}.bin`, prober).expect(404);
      // hits in between still answer
      await get(t, key, prober, cookie).expect(200);
    }
    // an unsafe key is a miss too
    const refused = await get(t, '..%2Fsecret', prober).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'quota_exceeded' });
    expect(refused.body.message).toMatch(/^Too many requests for missing media files from your network/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await get(t, 'test/missing-again.bin', prober).expect(429);
    // the prober's own hits are still served: pages keep loading
    await get(t, key, prober, cookie).expect(200);

    // another network has a budget of its own
    await get(t, 'test/missing-0.bin', '198.51.100.7').expect(404);
    await get(t, key, '198.51.100.7', cookie).expect(200);
  });
});
