import request from 'supertest';
import { DataSource } from 'typeorm';
import { isRenditionKey } from '../src/modules/media/domain/renditions.js';
import { isQuarantinedKey } from '../src/platform/storage/object-transfer.js';
import { seededJpeg as jpeg, mp4, seededPng as png } from './fixtures/media-fixtures.js';
import { listKeys, putObject, waitForJob } from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import type { TestS3 } from './support/s3rver.js';
import { startS3Process } from './support/s3rver-process.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

describe(`bucket manager on s3rver (${dbKind}, database job queue)`, () => {
  let s3: TestS3;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    s3 = await startS3Process();
    t = await startTestApp(s3.env);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** The files the Bucket Manager and its jobs count: not the renditions background jobs are still storing. */
  const bucketFiles = async () => (await listKeys(t)).filter((k) => !isRenditionKey(k) && !isQuarantinedKey(k));

  const mediaKeys = async () =>
    ((await db.query(`SELECT storage_key FROM media ORDER BY storage_key`)) as { storage_key: string }[]).map(
      (r) => r.storage_key,
    );

  it.each([
    ['get', '/api/admin/list-bucket-files'],
    ['post', '/api/admin/delete-bucket-files'],
    ['get', '/api/admin/find-duplicates'],
    ['post', '/api/admin/import-media'],
    ['get', '/api/admin/jobs/import-media-x'],
  ] as const)('refuses %s %s without admin credentials (401) and starts nothing', async (method, url) => {
    const agent = request(t.server);
    const res = await agent[method](url)
      .send({ filenames: ['a.png'] })
      .expect(401);
    expect(res.body.message).toBe('Admin authentication required');
    expect(await db.query(`SELECT id FROM jobs`)).toEqual([]);
  });

  it('lists every object with key, size and last-modified time, and the provider', async () => {
    await putObject(t, 'list/one.png', await png(1), 'image/png');
    await putObject(t, 'list/deeper/two.txt', 'hello');
    const res = await asAdmin(t).get('/api/admin/list-bucket-files').expect(200);
    expect(res.body.provider).toBe('s3');
    const listed = res.body.files.filter((f: { key: string }) => f.key.startsWith('list/'));
    expect(listed.map((f: { key: string }) => f.key).sort()).toEqual(['list/deeper/two.txt', 'list/one.png']);
    const txt = listed.find((f: { key: string }) => f.key.endsWith('.txt'));
    expect(txt.size).toBe(5);
    expect(new Date(txt.lastModified).getTime()).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(res.body.totalFiles).toBe(res.body.files.length);
    expect(res.body.totalSize).toBe(res.body.files.reduce((n: number, f: { size: number }) => n + f.size, 0));
  });

  describe('delete-bucket-files', () => {
    it.each([
      [{ filenames: ['../x'] }, /Invalid file name/],
      [{ filenames: ['del/keep.txt', 'del/../../etc/passwd'] }, /Invalid file name.*etc\/passwd/],
      [{ filenames: ['/abs/path'] }, /Invalid file name/],
      [{ filenames: [] }, /at least one file/],
      [{ filenames: 'del/keep.txt' }, /array/],
      [{}, /filenames/],
      [{ filenames: [42] }, /string/],
    ])('refuses %j with 400 and deletes nothing', async (body, message) => {
      await putObject(t, 'del/keep.txt', 'keep me');
      const before = await listKeys(t);
      const res = await asAdmin(t).post('/api/admin/delete-bucket-files').send(body).expect(400);
      expect(res.body.message).toMatch(message);
      expect(await listKeys(t)).toEqual(before);
    });

    it('answers 404 for a key that does not exist, and deletes nothing', async () => {
      const before = await listKeys(t);
      const res = await asAdmin(t)
        .post('/api/admin/delete-bucket-files')
        .send({ filenames: ['del/nope.png'] })
        .expect(404);
      expect(res.body.message).toBe('File not found: del/nope.png');
      expect(await listKeys(t)).toEqual(before);
    });

    it('deletes the files that exist and reports the missing ones per file', async () => {
      await putObject(t, 'del/a.txt', 'a');
      await putObject(t, 'del/b.txt', 'b');
      const res = await asAdmin(t)
        .post('/api/admin/delete-bucket-files')
        .send({ filenames: ['del/a.txt', 'del/missing.txt', 'del/b.txt', 'del/a.txt'] })
        .expect(200);
      expect(res.body).toEqual({
        message: 'Deleted 2 of 3 file(s); 1 failed',
        deleted: ['del/a.txt', 'del/b.txt'],
        errors: [{ key: 'del/missing.txt', error: 'File not found' }],
        mediaDeleted: 0,
      });
      const keys = await listKeys(t);
      expect(keys).not.toContain('del/a.txt');
      expect(keys).not.toContain('del/b.txt');
      expect(keys).toContain('del/keep.txt');
    });
  });

  describe('import-media', () => {
    it('creates media rows for the allowed files only, owned by BucketImport, and is idempotent', async () => {
      await putObject(t, 'imp/photo.png', await png(3), 'image/png');
      await putObject(t, 'imp/photo.JPG', await jpeg(3), 'image/jpeg');
      await putObject(t, 'imp/clip.mp4', mp4(), 'video/mp4');
      await putObject(t, 'imp/notes.txt', 'not media'); // skipped: not a media name
      await putObject(t, 'imp/fake.jpg', 'this is text, not a JPEG'); // error: lies about its type
      await putObject(t, 'imp/fake.mp4', Buffer.concat([mp4().subarray(0, 32), Buffer.alloc(4096)])); // error: an ftyp and zeros
      const total = (await bucketFiles()).length;

      const started = await asAdmin(t).post('/api/admin/import-media').expect(202);
      expect(started.body.jobId).toMatch(/^import-media-/);
      expect(['waiting', 'active', 'completed']).toContain(started.body.state);
      const job = await waitForJob(t, started.body.jobId);
      expect(job.state).toBe('completed');
      // the other keys (list/, del/) are .png/.txt left by earlier tests: one png imported, txt skipped
      expect(job.result).toEqual({ imported: 4, skipped: total - 6, errors: 2, totalFiles: total });
      expect(job.progress).toMatchObject({ percent: 100, imported: 4, errors: 2, totalFiles: total });

      const rows: {
        storage_key: string;
        mime_type: string;
        size: string;
        original_name: string;
        username: string;
        session_id: string;
      }[] = await db.query(
        `SELECT m.storage_key, m.mime_type, m.size, m.original_name, u.username, u.session_id
           FROM media m JOIN users u ON u.id = m.user_id ORDER BY m.storage_key`,
      );
      expect(rows.map((r) => [r.storage_key, r.mime_type])).toEqual([
        ['imp/clip.mp4', 'video/mp4'],
        ['imp/photo.JPG', 'image/jpeg'],
        ['imp/photo.png', 'image/png'],
        ['list/one.png', 'image/png'],
      ]);
      expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['BucketImport']));
      expect(rows[0]!.original_name).toBe('clip.mp4');
      expect(Number(rows[0]!.size)).toBe(mp4().length);

      // the system user can never be signed into: its session id is not one a browser may send
      const claim = await request(t.server).post('/api/session').send({ sessionId: rows[0]!.session_id }).expect(400);
      expect(claim.body.message).toMatch(/sessionId/);

      const again = await asAdmin(t).post('/api/admin/import-media').expect(202);
      expect(again.body.jobId).not.toBe(started.body.jobId);
      const second = await waitForJob(t, again.body.jobId);
      expect(second.result).toEqual({ imported: 0, skipped: total - 2, errors: 2, totalFiles: total });
      expect(await mediaKeys()).toEqual(rows.map((r) => r.storage_key));
    });

    it('removes the media row of a deleted bucket file, so nobody is offered a missing file', async () => {
      const before = await mediaKeys();
      expect(before).toContain('imp/photo.png');
      const res = await asAdmin(t)
        .post('/api/admin/delete-bucket-files')
        .send({ filenames: ['imp/photo.png'] })
        .expect(200);
      expect(res.body).toMatchObject({ deleted: ['imp/photo.png'], errors: [], mediaDeleted: 1 });
      expect(res.body.message).toBe('Deleted 1 file(s) and 1 media item(s) using them');
      expect(await mediaKeys()).toEqual(before.filter((k) => k !== 'imp/photo.png'));
    });
  });

  it('finds duplicates by identical content, by size and by similar names', async () => {
    const same = await png(77);
    await putObject(t, 'dup/sunset.png', same, 'image/png');
    await putObject(t, 'dup/copies/sunset (1).png', same, 'image/png');
    await putObject(t, 'dup/aaaa.txt', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1');
    await putObject(t, 'dup/bbbb.txt', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx2');
    await putObject(t, 'dup/holiday-beach.jpg', await jpeg(5), 'image/jpeg');
    await putObject(t, 'dup/Holiday Beach copy.jpg', await jpeg(99), 'image/jpeg');

    const started = await asAdmin(t).get('/api/admin/find-duplicates').expect(202);
    expect(started.body.jobId).toMatch(/^find-duplicates-/);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.state).toBe('completed');
    const r = job.result;
    expect(r).toMatchObject({ success: true, provider: 's3', totalFiles: (await bucketFiles()).length });
    type Group = { type: string; criteria: string; files: { key: string; size: number; lastModified: string }[] };
    const keysOf = (g: Group) => g.files.map((f) => f.key).sort();
    const find = (type: string, key: string) =>
      (r.duplicateGroups as Group[]).find((g) => g.type === type && keysOf(g).includes(key));

    expect(keysOf(find('content', 'dup/sunset.png')!)).toEqual(['dup/copies/sunset (1).png', 'dup/sunset.png']);
    expect(find('content', 'dup/aaaa.txt')).toBeUndefined(); // same size, different bytes
    expect(keysOf(find('size', 'dup/aaaa.txt')!)).toEqual(['dup/aaaa.txt', 'dup/bbbb.txt']);
    expect(find('size', 'dup/aaaa.txt')!.criteria).toMatch(/46 bytes/);
    expect(keysOf(find('name-similarity', 'dup/holiday-beach.jpg')!)).toEqual([
      'dup/Holiday Beach copy.jpg',
      'dup/holiday-beach.jpg',
    ]);
    expect(keysOf(find('name-similarity', 'dup/sunset.png')!)).toEqual(['dup/copies/sunset (1).png', 'dup/sunset.png']);
    for (const g of r.duplicateGroups as Group[]) {
      expect(g.files.length).toBeGreaterThan(1);
      const times = g.files.map((f) => new Date(f.lastModified).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a)); // newest first: the one kept
    }
    const distinct = new Set((r.duplicateGroups as Group[]).flatMap(keysOf));
    expect(r.totalDuplicateFiles).toBe(distinct.size);
    expect(r.potentialDeletions).toBeGreaterThan(0);
    expect(r.potentialDeletions).toBeLessThan(r.totalDuplicateFiles);
    expect(r.message).toMatch(/duplicate group/);
  });

  it('lists past the 1000 objects of one S3 page', async () => {
    const before = (await asAdmin(t).get('/api/admin/list-bucket-files').expect(200)).body.totalFiles as number;
    const keys = Array.from({ length: 1010 }, (_, i) => `page/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((k) => putObject(t, k, k)));
    }
    const res = await asAdmin(t).get('/api/admin/list-bucket-files').expect(200);
    expect(res.body.totalFiles).toBe(before + keys.length);
    const listed = new Set(res.body.files.map((f: { key: string }) => f.key));
    expect(keys.every((k) => listed.has(k))).toBe(true);
  });

  it('answers 404 for an unknown job id', async () => {
    for (const id of ['import-media-00000000-0000-0000-0000-000000000000', 'nonsense', '..%2F..%2Fetc']) {
      const res = await asAdmin(t).get(`/api/admin/jobs/${id}`).expect(404);
      expect(res.body.message).toBe('Job not found');
    }
  });
});

describe(`job de-duplication without a runner (${dbKind}, RUN_JOBS=false)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RUN_JOBS: 'false' });
  });
  afterAll(() => t?.close());

  it('refuses a second import or scan while one waits: 409 job_running with the waiting job, none queued', async () => {
    const a = await asAdmin(t).post('/api/admin/import-media').expect(202);
    const b = await asAdmin(t).post('/api/admin/import-media').expect(409);
    expect(b.body).toEqual({
      statusCode: 409,
      error: 'job_running',
      message: 'import-media is already running',
      jobId: a.body.jobId,
    });
    const c = await asAdmin(t).get('/api/admin/find-duplicates').expect(202);
    const [d, e] = await Promise.all([
      asAdmin(t).get('/api/admin/find-duplicates').expect(409),
      asAdmin(t).get('/api/admin/find-duplicates').expect(409),
    ]);
    expect(d.body).toMatchObject({
      error: 'job_running',
      message: 'find-duplicates is already running',
      jobId: c.body.jobId,
    });
    expect(e.body.jobId).toBe(c.body.jobId);
    expect(c.body.jobId).not.toBe(a.body.jobId);
    const rows = await t.app.get(DataSource).query(`SELECT name FROM jobs ORDER BY name`);
    expect(rows).toEqual([{ name: 'find-duplicates' }, { name: 'import-media' }]);
    const job = await asAdmin(t).get(`/api/admin/jobs/${a.body.jobId}`).expect(200);
    expect(job.body).toMatchObject({
      id: a.body.jobId,
      name: 'import-media',
      state: 'waiting',
      progress: { percent: 0 },
      result: null,
      error: null,
    });
  });
});
