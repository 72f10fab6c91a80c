import request from 'supertest';
import { asAdmin } from './support/admin.js';
import { OutageLog } from '../src/platform/logging/outage-log.js';
import { pngImage, upload } from './fixtures/media-fixtures.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

const UNAVAILABLE = {
  statusCode: 503,
  error: 'unavailable',
  message: 'The service is unavailable for a moment, try again shortly',
};

/**
 * The object store going away (S3 reached through a proxy the test cuts, so connections reset and
 * new ones are refused) is a dependency outage, not a bug: uploads and media answer 503 with
 * Retry-After (the visitor app's usual error state), readiness stays 200 saying `degraded`, and all of it comes back
 * by itself. The database's outage is in operations-logs.test.ts (PostgreSQL pass).
 */
describe(`object storage outage (${dbKind})`, () => {
  let s3: TestS3;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestApp;
  let v: Visitor;
  beforeAll(async () => {
    s3 = await startS3();
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(s3.settings.endpoint).port));
    t = await startTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
    v = await newVisitor(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await s3?.close();
  });

  it('answers 503 with Retry-After while S3 is away, and serves again once it is back', async () => {
    const stored = (await upload(v, await pngImage(), 'before.png').expect(201)).body as { id: number; url: string };
    // an original goes to its uploader only (issue 26)
    await v.agent.get(stored.url).expect(200);

    const outages = t.app.get(OutageLog);
    await proxy.cut();
    try {
      const served = await v.agent.get(stored.url);
      expect({ status: served.status, retryAfter: served.headers['retry-after'], body: served.body }).toEqual({
        status: 503,
        retryAfter: '5',
        body: UNAVAILABLE,
      });
      const uploaded = await upload(v, await pngImage(), 'during.png');
      expect({ status: uploaded.status, retryAfter: uploaded.headers['retry-after'], body: uploaded.body }).toEqual({
        status: 503,
        retryAfter: '5',
        body: UNAVAILABLE,
      });
      // the outage is the object store's: the streamed upload's bare socket error is not the database's
      expect({ storage: outages.isDown('storage'), database: outages.isDown('database') }).toEqual({
        storage: true,
        database: false,
      });
      // votes and picks keep working: readiness stays 200 (a bucket blip must not pull every
      // replica out of the load balancer), the authorised report says what is degraded
      expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'degraded' });
      const report = await asAdmin(t).get('/api/health').expect(200);
      expect(report.body.status).toBe('degraded');
      expect(report.body.details.database.status).toBe('up');
      expect(report.body.details.storage).toMatchObject({
        status: 'degraded',
        provider: 's3',
        message: expect.stringMatching(
          /^The object storage is unreachable \(.+\): uploads and media files answer 503$/,
        ),
      });
    } finally {
      await proxy.restore();
    }

    await v.agent.get(stored.url).expect(200);
    await upload(v, await pngImage(), 'after.png').expect(201);
    expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok' });
  });
});
