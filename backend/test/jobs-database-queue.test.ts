import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { MAX_ATTEMPTS } from '../src/platform/jobs/job-queue.js';
import { eventually, type JobBody } from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

/** The database job queue (no Redis): what happens to a job whose handler keeps failing. */
describe(`database job queue, failing job (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  const q = (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);
  const job = async (id: string) => (await asAdmin(t).get(`/api/admin/jobs/${id}`).expect(200)).body as JobBody;

  it('records each failed attempt with its error, backs off, and ends failed after the last attempt', async () => {
    // the media folder is a file: listing the bucket fails on every attempt
    const media = path.join(t.dataDir, 'media');
    await rm(media, { recursive: true, force: true });
    await writeFile(media, 'not a folder');

    const started = await asAdmin(t).post('/api/admin/import-media').expect(202);
    const id: string = started.body.jobId;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const seen = await eventually(async () => {
        const j = await job(id);
        return j.attemptsMade === attempt && j.state !== 'active' ? j : null;
      }, `attempt ${attempt} to be recorded`);
      expect(seen.error).toMatch(/ENOTDIR|not a directory/i);
      if (attempt < MAX_ATTEMPTS) {
        expect(seen.state).toBe('waiting');
        const [row] = await q(
          `SELECT run_after > now() + interval '2 seconds' AS later, finished_at FROM jobs WHERE id = $1`,
          [id],
        );
        expect(row).toEqual({ later: true, finished_at: null });
        // let the back-off pass without waiting for it
        await q(`UPDATE jobs SET run_after = now() WHERE id = $1`, [id]);
      } else {
        expect(seen.state).toBe('failed');
        expect(seen.finishedAt).not.toBeNull();
      }
    }
  });
});
