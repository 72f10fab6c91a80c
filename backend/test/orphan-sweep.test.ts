import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OrphanSweep } from '../src/modules/media/orphan-sweep.js';
import { Database } from '../src/platform/database/sql.js';
import { claimScheduledRun } from '../src/platform/jobs/scheduled-runs.js';
import { asAdmin, db, seedStoredMedia } from './support/admin.js';
import { pngImage, renditionsSettled, upload } from './fixtures/media-fixtures.js';
import { listKeys, putObject, waitForJob } from './support/jobs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const HOUR = 3600_000;

/** What a crash leaves in storage, and the sweep that removes it (and only it). */
describe(`orphan objects and unfinished writes (${dbKind}, local storage)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const note = (key: string, reason: 'upload' | 'delete', ageMs: number) =>
    db(t).query(`INSERT INTO orphan_objects (storage_key, reason, created_at) VALUES ($1, $2, $3)`, [
      key,
      reason,
      new Date(Date.now() - ageMs),
    ]);

  it('a finished upload and a finished delete leave nothing noted', async () => {
    const v = await newVisitor(t);
    const res = await upload(v, await pngImage(), 'kept.png').expect(201);
    await renditionsSettled(t); // the upload's background job notes its renditions while it stores them
    expect(await db(t).query(`SELECT * FROM orphan_objects`)).toEqual([]);
    await v.agent.delete(`/api/media/${res.body.id}?userId=${v.id}`).expect(200);
    expect(await db(t).query(`SELECT * FROM orphan_objects`)).toEqual([]);
    expect(await listKeys(t)).toEqual([]);
  });

  it('removes the objects of interrupted uploads and deletes and stale .part files, nothing else', async () => {
    const owner = await newVisitor(t);
    const live = await seedStoredMedia(t, { userId: owner.id, body: await pngImage() });
    const image = await pngImage(8, 8, '#22aa44');
    // the process died after storing the file, before writing its row
    await putObject(t, 'uploads/2025/01/crashed.png', image);
    await note('uploads/2025/01/crashed.png', 'upload', 2 * HOUR);
    // the row was deleted, the storage was down for the object
    await putObject(t, 'uploads/2025/01/deleted.png', image);
    await note('uploads/2025/01/deleted.png', 'delete', 2 * HOUR);
    // an upload still writing its row: too young to touch
    await putObject(t, 'uploads/2025/01/in-flight.png', image);
    await note('uploads/2025/01/in-flight.png', 'upload', 60_000);
    // what a database reset leaves: no row, no note; Import Media brings it back
    await putObject(t, 'uploads/2025/01/left-by-reset.png', image);
    // half-written files of a local write a crash cut off, and one being written now
    const dir = path.join(t.dataDir, 'media', 'uploads', '2025', '01');
    await mkdir(dir, { recursive: true });
    const stale = path.join(dir, 'gone.png.0b7c.part');
    await writeFile(stale, 'half a file');
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(stale, old, old);
    await writeFile(path.join(dir, 'fresh.png.9f3e.part'), 'being written');

    expect(await t.app.get(OrphanSweep).sweep()).toEqual({ orphans: 2, partials: 1 });
    expect(await listKeys(t)).toEqual(
      [live.storageKey, 'uploads/2025/01/in-flight.png', 'uploads/2025/01/left-by-reset.png'].sort(),
    );
    expect((await readdir(dir)).sort()).toEqual(['fresh.png.9f3e.part', 'in-flight.png', 'left-by-reset.png']);
    expect(await db(t).query(`SELECT storage_key FROM orphan_objects`)).toEqual([
      { storage_key: 'uploads/2025/01/in-flight.png' },
    ]);
    // a second pass finds nothing more
    expect(await t.app.get(OrphanSweep).sweep()).toEqual({ orphans: 0, partials: 0 });
  });

  it('Import Media brings back what a reset left, never a noted orphan', async () => {
    const started = await asAdmin(t).post('/api/admin/import-media').expect(202);
    expect((await waitForJob(t, started.body.jobId)).state).toBe('completed');
    const imported: { storage_key: string }[] = await db(t).query(
      `SELECT storage_key FROM media WHERE storage_key LIKE 'uploads/2025/01/%' ORDER BY storage_key`,
    );
    expect(imported.map((r) => r.storage_key)).toEqual(['uploads/2025/01/left-by-reset.png']);
  });

  it('sweeps once per hour per deployment: of many processes asking at once, one claims the run', async () => {
    const database = t.app.get(Database);
    // the test app (it runs jobs) claimed this hour's run at start-up
    expect(await db(t).query(`SELECT name FROM scheduled_runs`)).toEqual([{ name: 'orphan-sweep' }]);
    const asks = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(database, 'orphan-sweep', HOUR)));
    expect(asks.filter(Boolean)).toHaveLength(0);
    await db(t).query(`UPDATE scheduled_runs SET last_run_at = now() - interval '61 minutes'`);
    const due = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(database, 'orphan-sweep', HOUR)));
    expect(due.filter(Boolean)).toHaveLength(1);
  });

  it('an API that runs no jobs leaves the sweep to the worker', async () => {
    const api = await startTestApp({ RUN_JOBS: 'false' });
    try {
      expect(await db(api).query(`SELECT name FROM scheduled_runs`)).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('at start, removes the temp files, work folders and .part files a killed process left (untouched for 10 minutes), never a live one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-stale-'));
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    const files = {
      deadUpload: path.join(dataDir, 'tmp', 'upload-dead'),
      liveUpload: path.join(dataDir, 'tmp', 'upload-live'),
      deadWork: path.join(dataDir, 'work', 'renditions-dead', 'original'),
      liveWork: path.join(dataDir, 'work', 'renditions-live', 'original'),
      deadPart: path.join(dataDir, 'media', 'uploads', '2026', '11', 'dead.jpg.part'),
      livePart: path.join(dataDir, 'media', 'uploads', '2026', '11', 'live.jpg.part'),
    };
    for (const file of Object.values(files)) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'half a file');
    }
    for (const file of [files.deadUpload, files.deadWork, path.dirname(files.deadWork), files.deadPart]) {
      await utimes(file, elevenMinutesAgo, elevenMinutesAgo);
    }
    const app = await startTestApp({ DATA_DIR: dataDir });
    try {
      expect(await readdir(path.join(dataDir, 'tmp'))).toEqual(['upload-live']);
      expect(await readdir(path.join(dataDir, 'work'))).toEqual(['renditions-live']);
      expect(await readdir(path.dirname(files.livePart))).toEqual(['live.jpg.part']);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
