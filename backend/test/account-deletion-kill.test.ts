import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaService } from '../src/modules/media/media.service.js';
import { ghostShareCounts, ghostTallies, queryOf, rowsOf, seedBigAccount } from './support/account-deletion.js';
import { adminAuth } from './support/admin.js';
import { type ApiProcess, freePort, spawnApi, untilAnswers } from './support/api-process.js';
import { listKeys, waitForJob } from './support/jobs.js';
import { createTestDatabase, dbKind, NO_QUOTAS, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';
import { buildBackend } from './support/worker-process.js';

/**
 * Issue 27 item 4: "kill -9 mid-deletion, restart: it finishes, nothing twice". A big account's
 * deletion is asked for in an app that runs no jobs; the built API (as production runs it) takes
 * the job, is killed with SIGKILL once the first batches have committed, and a new process on the
 * same database and files takes the job over when its lease runs out and finishes it: no row, no
 * file, counts equal to a recount (a batch done twice would take votes off twice), one audit row.
 */
describe(`account deletion killed with -9 mid-way (${dbKind})`, () => {
  let build: Awaited<ReturnType<typeof buildBackend>>;
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let api: ApiProcess | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    [build, dir, database] = await Promise.all([
      buildBackend(),
      mkdtemp(path.join(os.tmpdir(), 'vibe-deletion-kill-')),
      dbKind === 'postgres' ? createTestDatabase('vibe_delkill', { migrated: true }) : undefined,
    ]);
  }, 600_000);
  afterAll(async () => {
    await api?.kill();
    await t?.close();
    await build?.remove();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('resumes after the kill and finishes: nothing left, nothing done twice', async () => {
    const shared = {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: database?.url,
      JOBS_LOCK_MS: '1000',
    };
    // 1. the account and the request, in an app that runs no jobs: the job waits in the queue
    const asker = await startTestApp({ ...shared, RUN_JOBS: 'false' });
    const q1 = queryOf(asker);
    const v = await newVisitor(asker);
    const other = await newVisitor(asker);
    const keys = await seedBigAccount(asker, q1, { userId: v.id, otherId: other.id, uploads: 200, votes: 5000 });
    const { jobId } = (await v.agent.post(`/api/users/${v.id}/delete`).send({ username: v.username }).expect(202)).body;
    const password = asker.config.adminPassword!;
    const auth = adminAuth(asker);
    await asker.close(); // its own temp folder and spare database go; the shared ones stay

    // 2. the built API takes the job and is killed with -9 once some batches have committed
    const port = await freePort();
    api = spawnApi(
      build.dir,
      {
        ...NO_QUOTAS,
        ...shared,
        ADMIN_PASSWORD: password,
        EMBEDDED_DB_FSYNC: 'false',
        VISITOR_WEB_DIR: path.join(dir, 'none'),
        ADMIN_WEB_DIR: path.join(dir, 'none'),
      },
      path.join(dir, 'api.log'),
      port,
    );
    await untilAnswers(api);
    let seen: { state: string; progress: Record<string, number> } | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const res = await fetch(`${api.baseUrl}/api/admin/jobs/${jobId}`, { headers: { Authorization: auth } });
      seen = (await res.json()) as typeof seen;
      if ((seen!.progress.uploadsDeleted ?? 0) >= 25 || (seen!.state !== 'waiting' && seen!.state !== 'active')) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await api.kill();
    expect(seen, 'the job was still running when killed').toMatchObject({ state: 'active' });

    // 3. a new process on the same database and files takes the job over and finishes it
    t = await startTestApp(shared);
    const q = queryOf(t);
    const cut = await rowsOf(q, v.id);
    expect(cut.users, 'killed before the end: the user is still there').toBe(1);
    expect(cut.media, 'killed after the first batch').toBeLessThan(200);
    const job = await waitForJob(t, jobId, 180_000);
    expect(job.state).toBe('completed');
    expect(job.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(job.progress).toMatchObject({ percent: 100, uploadsDeleted: 200, votesDeleted: 5000 });
    expect(job.result).toMatchObject({ accountDeleted: true });
    expect(job.result.uploadsDeleted).toBe(cut.media);

    expect(await rowsOf(q, v.id)).toMatchObject({ users: 0, sessions: 0, media: 0, votes: 0, views: 0 });
    expect((await listKeys(t)).filter((k) => keys.includes(k))).toEqual([]);
    // a kill between a batch's row delete and its note settling leaves notes of objects already gone:
    // the hourly orphan sweep settles them (deleting a missing object is a no-op); nothing else is left
    await t.app.get(MediaService).sweepOrphans(new Date(Date.now() + 1000));
    expect(await q(`SELECT storage_key FROM orphan_objects`)).toEqual([]);
    expect(await ghostTallies(q)).toEqual([]);
    expect(await ghostShareCounts(q)).toEqual([]);
    expect(await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.deleted'`)).toEqual([{ n: 1 }]);
  }, 600_000);
});
