import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type DiskSync, LocalObjectStorage } from './local-object-storage.js';

/** Records each flush with whether the final file existed at that moment. */
class RecordingDisk implements DiskSync {
  calls: Array<{ what: 'file' | 'folder'; path: string; targetExists: boolean }> = [];
  target = '';
  async file(p: string) {
    this.calls.push({ what: 'file', path: p, targetExists: existsSync(this.target) });
  }
  async folder(p: string) {
    this.calls.push({ what: 'folder', path: p, targetExists: existsSync(this.target) });
  }
}

describe('LocalObjectStorage durability', () => {
  let root: string;
  let disk: RecordingDisk;
  let storage: LocalObjectStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'vibe-local-sync-'));
    disk = new RecordingDisk();
    storage = new LocalObjectStorage(root, disk);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('flushes the file before it takes its name, then its folder, and every folder it created', async () => {
    disk.target = path.join(root, 'uploads', '2025', '01', 'a.jpg');
    await storage.put('uploads/2025/01/a.jpg', Readable.from([Buffer.from('photo')]));
    const [file, ...rest] = disk.calls.filter((c) => c.what === 'file');
    expect(rest).toEqual([]);
    expect(file).toMatchObject({ targetExists: false });
    expect(file!.path).toMatch(/a\.jpg\.[0-9a-f-]+\.part$/);
    // the new folders' entries (uploads in root, 2025 in uploads, 01 in 2025) and the file's own
    expect(disk.calls.filter((c) => c.what === 'folder')).toEqual([
      { what: 'folder', path: path.join(root, 'uploads', '2025'), targetExists: false },
      { what: 'folder', path: path.join(root, 'uploads'), targetExists: false },
      { what: 'folder', path: root, targetExists: false },
      { what: 'folder', path: path.join(root, 'uploads', '2025', '01'), targetExists: true },
    ]);
  });

  it('a second file in the same folder flushes the file and the folder only', async () => {
    await storage.put('uploads/x/a.jpg', Readable.from([Buffer.from('1')]));
    disk.calls = [];
    disk.target = path.join(root, 'uploads', 'x', 'b.jpg');
    await storage.put('uploads/x/b.jpg', Readable.from([Buffer.from('2')]));
    expect(disk.calls.map((c) => [c.what, c.targetExists])).toEqual([
      ['file', false],
      ['folder', true],
    ]);
  });
});
