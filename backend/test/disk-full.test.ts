import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asAdmin } from './support/admin.js';
import { PGlitePool } from '../src/platform/database/pglite-pool.js';
import { seededJpeg, upload } from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/**
 * Issue 20 item 7: a full disk. A real one: a small tmpfs mounted where the app writes (the
 * machine's tests run as root, as CI does), filled until the kernel answers ENOSPC.
 */
const mountTiny = async (dir: string, size: string) => {
  await mkdir(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
};
const unmount = (dir: string) => execFileSync('umount', ['-l', dir]);
/** Writes until the filesystem refuses: nothing is left. */
const fill = async (dir: string) => {
  for (let i = 0; ; i++) {
    try {
      await writeFile(path.join(dir, `filler-${i}`), Buffer.alloc(16 * 1024, 1));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw err;
    }
  }
};

describe(`a full disk (${dbKind})`, () => {
  let t: TestApp;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp();
    tmp = path.join(t.dataDir, 'tmp');
    await mountTiny(tmp, '256k');
  });
  afterAll(async () => {
    unmount(tmp);
    await t.close();
  });

  it('answers an upload 507 with a clear message, and health reports the free disk', async () => {
    const v = await newVisitor(t);
    const before = (await asAdmin(t).get('/api/health')).body;
    expect(before.details.disk.dataDir).toMatchObject({ path: t.dataDir, freeBytes: expect.any(Number) });
    expect(before.details.disk.tempDir.path).toBe(tmp);
    expect(before.details.disk.tempDir.freeBytes).toBeGreaterThan(128 * 1024);

    await fill(tmp);
    const res = await upload(v, await seededJpeg(1), 'full.jpg').expect(507);
    expect(res.body).toMatchObject({ statusCode: 507, error: 'insufficient_storage' });
    expect(res.body.message).toMatch(/disk is full/i);

    const after = (await asAdmin(t).get('/api/health')).body;
    expect(after.details.disk.status).toBe('degraded');
    expect(after.details.disk.tempDir.freeBytes).toBeLessThan(64 * 1024);
    expect(after.details.disk.message).toMatch(/^The disk is almost full: 0 MB free in .*tmp/);
  });
});

describe('the embedded database on a full disk', () => {
  it('says "disk full" at start instead of errno 51', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-full-'));
    await mountTiny(dir, '8m');
    try {
      await expect(new PGlitePool({ dataDir: path.join(dir, 'db') }).instance()).rejects.toThrow(
        /disk full: \d+ MB free .*the embedded database needs about 40 MB/i,
      );
    } finally {
      unmount(dir);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
