import request from 'supertest';
import { DataSource } from 'typeorm';
import { seededPng as png } from './fixtures/media-fixtures.js';
import { putObject, waitForJob, type JobBody } from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

const queryOf = (t: TestApp) => (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);

describe(`GET /api/admin/jobs: the jobs indicator (${dbKind}, database queue)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('is empty before any job, and needs admin credentials', async () => {
    expect((await asAdmin(t).get('/api/admin/jobs').expect(200)).body).toEqual([]);
    await request(t.server).get('/api/admin/jobs').expect(401);
  });

  it('lists finished jobs newest first with their results, limited by ?limit=', async () => {
    await putObject(t, 'jobs/a.png', await png(4), 'image/png');
    const imported = await waitForJob(t, (await asAdmin(t).post('/api/admin/import-media').expect(202)).body.jobId);
    const scanned = await waitForJob(t, (await asAdmin(t).get('/api/admin/find-duplicates').expect(202)).body.jobId);
    const all = (await asAdmin(t).get('/api/admin/jobs').expect(200)).body as JobBody[];
    expect(all.map((j) => j.id)).toEqual([scanned.id, imported.id]);
    // the same shape as GET /api/admin/jobs/{id}
    expect(all[1]).toEqual((await asAdmin(t).get(`/api/admin/jobs/${imported.id}`).expect(200)).body);
    expect(all[1]).toMatchObject({ name: 'import-media', state: 'completed', result: { imported: 1 } });
    const one = (await asAdmin(t).get('/api/admin/jobs?limit=1').expect(200)).body as JobBody[];
    expect(one.map((j) => j.id)).toEqual([scanned.id]);
  });

  it('refuses a limit outside 1–100 with 400', async () => {
    for (const bad of ['0', '101', '-3', '1.5', 'ten']) {
      const res = await asAdmin(t).get(`/api/admin/jobs?limit=${bad}`).expect(400);
      expect(res.body.message).toMatch(/limit must be a whole number from 1 to 100/);
    }
    expect((await asAdmin(t).get('/api/admin/jobs?limit=100').expect(200)).body).toHaveLength(2);
  });
});

describe(`GET /api/admin/jobs with jobs waiting (${dbKind}, RUN_JOBS=false)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RUN_JOBS: 'false' });
  });
  afterAll(() => t?.close());

  it('puts waiting jobs before finished ones, even newer finished ones', async () => {
    const waiting = (await asAdmin(t).post('/api/admin/import-media').expect(202)).body.jobId as string;
    // history from another process: one finished after the waiting job was created
    await queryOf(t)(
      `INSERT INTO jobs (id, name, state, max_attempts, created_at, finished_at, result)
       VALUES ('find-duplicates-old', 'find-duplicates', 'completed', 3, now() - interval '1 hour', now() - interval '59 minutes', '{}'),
              ('find-duplicates-new', 'find-duplicates', 'failed', 3, now() + interval '1 second', now() + interval '2 seconds', NULL)`,
    );
    const listed = (await asAdmin(t).get('/api/admin/jobs').expect(200)).body as JobBody[];
    expect(listed.map((j) => [j.id, j.state])).toEqual([
      [waiting, 'waiting'],
      ['find-duplicates-new', 'failed'],
      ['find-duplicates-old', 'completed'],
    ]);
  });
});
