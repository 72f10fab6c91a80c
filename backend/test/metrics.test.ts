import http from 'node:http';
import request from 'supertest';
import { buildInfo } from '../src/platform/build-info.js';
import { pngImage, upload } from './fixtures/media-fixtures.js';
import { freePort } from './support/api-process.js';
import { eventually } from './support/jobs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { has, parse, valueOf } from './support/prometheus.js';
import { newVisitor } from './support/visitor.js';

const TOKEN = 'metrics-test-token-0123456789';

describe(`metrics (${dbKind})`, () => {
  it('are off without METRICS_TOKEN or METRICS_PORT: /api/metrics is an API 404, not the visitor app', async () => {
    const t = await startTestApp();
    try {
      const res = await request(t.server).get('/api/metrics').expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.text).not.toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t?.close());

    const scrape = async () => {
      const res = await request(t.server).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return parse(res.text);
    };

    it('asks for the bearer token: none or a wrong one is a 401 in the API error shape', async () => {
      const none = await request(t.server).get('/api/metrics').expect(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.body).toMatchObject({ statusCode: 401, error: 'unauthenticated' });
      expect(none.text).not.toContain('http_requests_total');
      await request(t.server).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await request(t.server)
        .get('/api/metrics')
        .set('Authorization', `Basic ${Buffer.from(`admin:${t.config.adminPassword}`).toString('base64')}`)
        .expect(401);
    });

    it('wrong tokens are counted per address: past 10 a minute a 429 with Retry-After, for the health report too', async () => {
      const limited = await startTestApp({ METRICS_TOKEN: TOKEN });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++)
          statuses.push(
            (await request(limited.server).get('/api/metrics').set('Authorization', `Bearer guess${i}`)).status,
          );
        expect(statuses).toEqual(Array(10).fill(401));
        // the 11th try, even with the right token: the address waits for the window to end
        const refused = await request(limited.server).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ statusCode: 429, error: 'rate_limited' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const health = await request(limited.server).get('/api/health').set('Authorization', `Bearer ${TOKEN}`);
        expect(health.status).toBe(429);
        expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
        // another app's count is its own (per process): the first app still answers the right token
        await request(t.server).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      } finally {
        await limited.close();
      }
    });

    it('names the running version and carries the runtime, pool, backlog and dependency series', async () => {
      const s = await scrape();
      expect(s.find((x) => x.name === 'vibe_build_info')).toMatchObject({
        labels: { version: buildInfo.version, commit: buildInfo.commit, process: 'api' },
        value: 1,
      });
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'process_resident_memory_bytes',
        'vibe_db_pool_waiting',
        'vibe_job_runners',
      ])
        expect(has(s, name), name).toBe(true);
      expect(s.filter((x) => x.name === 'vibe_db_pool_connections').map((x) => x.labels.state)).toEqual([
        'in_use',
        'idle',
      ]);
      const backlogs = s.filter((x) => x.name === 'vibe_backlog_items').map((x) => x.labels.backlog);
      expect(backlogs).toEqual(expect.arrayContaining(['magic-link-outbox', 'orphan-objects', 'renditions']));
      expect(valueOf(s, 'vibe_dependency_up', { dependency: 'database' })).toBe(1);
      expect(valueOf(s, 'vibe_data_dir_bytes', { kind: 'total' })).toBeGreaterThan(0);
    });

    it('counts requests by route template and status, with their latency', async () => {
      const before = await scrape();
      const owner = await newVisitor(t);
      const voter = await newVisitor(t);
      const mediaId = (await upload(owner, await pngImage(), 'p.png').expect(201)).body.id as number;
      await voter.agent.post('/api/votes').send({ userId: voter.id, mediaId, isHot: true }).expect(201);
      await voter.agent.post('/api/votes').send({ userId: voter.id, mediaId: 987654, isHot: true }).expect(404);
      await request(t.server).get(`/api/users/${voter.id}/stats`).expect(401);
      const after = await scrape();

      const votes = { method: 'POST', route: '/api/votes' };
      const delta = (labels: Record<string, string>) =>
        valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels);
      expect(delta({ ...votes, status: '201' })).toBe(1);
      expect(delta({ ...votes, status: '404' })).toBe(1);
      // a template, never the id: one series for every visitor
      expect(delta({ method: 'GET', route: '/api/users/:id/stats', status: '401' })).toBe(1);
      expect(after.some((x) => x.labels.route?.includes(String(voter.id)))).toBe(false);
      expect(
        valueOf(after, 'http_request_duration_seconds_count', votes) -
          valueOf(before, 'http_request_duration_seconds_count', votes),
      ).toBe(2);
      expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...votes, le: '+Inf' })).toBe(
        valueOf(after, 'http_request_duration_seconds_count', votes),
      );
    });

    it('counts 429s like any status', async () => {
      const before = await scrape();
      for (let i = 0; i < 6; i++)
        await request(t.server).post('/api/auth/login-existing').send({ email: 'metrics-spam@example.com' });
      const after = await scrape();
      const limited = { route: '/api/auth/login-existing', status: '429' };
      expect(valueOf(after, 'http_requests_total', limited) - valueOf(before, 'http_requests_total', limited)).toBe(1);
    });

    it("times the jobs this process runs, by queue and outcome, and reads the queues' counts", async () => {
      const done = { queue: 'make-renditions', outcome: 'completed' };
      const before = valueOf(await scrape(), 'vibe_job_duration_seconds_count', done);
      const owner = await newVisitor(t);
      await upload(owner, await pngImage(), 'q.png').expect(201);
      const after = await eventually(async () => {
        const s = await scrape();
        return valueOf(s, 'vibe_job_duration_seconds_count', done) > before && s;
      }, 'the rendition job to be timed');
      expect(valueOf(after, 'vibe_job_duration_seconds_sum', done)).toBeGreaterThan(0);
      const states = after.filter((x) => x.name === 'vibe_jobs' && x.labels.queue === 'make-renditions');
      expect(states.map((x) => x.labels.state).sort()).toEqual(['active', 'failed', 'waiting']);
      expect(has(after, 'vibe_job_oldest_waiting_seconds')).toBe(true);
    });
  });

  it('METRICS_PORT serves /metrics on a listener of its own (token-free unless METRICS_TOKEN is set); the API port has none', async () => {
    const port = await freePort();
    const t = await startTestApp({ METRICS_PORT: String(port), LISTEN_ADDRESS: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const s = parse(await res.text());
      expect(valueOf(s, 'vibe_build_info', { process: 'api' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      await request(t.server).get('/api/metrics').expect(404);
    } finally {
      await t.close();
    }
    // closed with the app
    await expect(
      new Promise((resolve, reject) => http.get(`http://127.0.0.1:${port}/metrics`, resolve).on('error', reject)),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
