import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { loadConfig } from '../../config/env.js';
import { UnlimitedBudget } from '../../platform/budget/testing/unlimited-budget.js';
import { DomainError } from '../../platform/domain-error.js';
import { ObjectStorage, type ObjectBody, type StoredObject } from '../../platform/storage/object-storage.js';
import type { Media, NewMedia } from './domain/media.js';
import { type MadeRenditions, type Renditions, RENDITIONS_VERSION } from './domain/renditions.js';
import { acceptUpload } from './domain/upload-policy.js';
import { type ImageFacts, ImageProbe } from './image-probe.js';
import { VideoBudget } from './video-budget.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { OriginalCleaner } from './original-cleaner.js';
import type { RenditionService } from './renditions/rendition.service.js';
import { UploadGate } from './upload-gate.js';

class MemoryStorage extends ObjectStorage {
  readonly provider = 'memory';
  objects = new Map<string, Buffer>();
  failDelete = false;
  async put(key: string, body: Readable) {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    this.objects.set(key, Buffer.concat(chunks));
  }
  async get(key: string): Promise<ObjectBody> {
    const b = this.objects.get(key)!;
    return { stream: Readable.from(b), size: b.length };
  }
  async stat(key: string): Promise<StoredObject | null> {
    const b = this.objects.get(key);
    return b ? { key, size: b.length, lastModified: new Date() } : null;
  }
  async delete(key: string) {
    if (this.failDelete) throw new Error('storage down');
    this.objects.delete(key);
  }
  async *list() {}
  async ping() {}
  async removeIncomplete() {
    return 0;
  }
}

class MemoryMedia extends MediaRepository {
  rows = new Map<number, Media>();
  /** orphan_objects: key -> when noted */
  notes = new Map<string, Date>();
  failCreate = false;
  private next = 1;
  async expectObject(key: string) {
    this.notes.set(key, new Date());
  }
  keys = new Map<string, number>();
  async create(d: NewMedia) {
    if (this.failCreate) throw new Error('database down');
    const { uploadKey, ...fields } = d;
    if (uploadKey && this.keys.has(`${d.userId}:${uploadKey}`)) return null;
    const m: Media = {
      ...fields,
      width: d.width ?? null,
      height: d.height ?? null,
      placeholder: d.placeholder ?? null,
      id: this.next++,
      hotVotes: 0,
      totalVotes: 0,
      totalViews: 0,
      uploadedAt: new Date(),
      renditions: null,
      renditionsState: 'pending',
      renditionsVersion: 0,
      hidden: false,
    };
    this.rows.set(m.id, m);
    if (uploadKey) this.keys.set(`${d.userId}:${uploadKey}`, m.id);
    this.notes.delete(d.storageKey);
    return m;
  }
  async findByUploadKey(userId: number, key: string) {
    const id = this.keys.get(`${userId}:${key}`);
    return id === undefined ? null : (this.rows.get(id) ?? null);
  }
  async orphansBefore(olderThan: Date, limit: number) {
    return [...this.notes]
      .filter(([, at]) => at < olderThan)
      .map(([k]) => k)
      .slice(0, limit);
  }
  async objectSettled(key: string) {
    this.notes.delete(key);
  }
  async objectsSettled(keys: readonly string[]) {
    for (const k of keys) this.notes.delete(k);
  }
  async uploadsOf(userId: number, limit: number) {
    return [...this.rows.values()].filter((m) => m.userId === userId).slice(0, limit);
  }
  async countUploadsOf(userId: number) {
    return [...this.rows.values()].filter((m) => m.userId === userId).length;
  }
  async findById(id: number) {
    return this.rows.get(id) ?? null;
  }
  async findByStorageKey(key: string) {
    return [...this.rows.values()].find((m) => m.storageKey === key) ?? null;
  }
  async listByUser(userId: number) {
    return [...this.rows.values()]
      .filter((m) => m.userId === userId)
      .reverse()
      .map((m) => ({ ...m, underReview: false }));
  }
  async findRandomFor() {
    return null;
  }
  async existsFromOthers() {
    return false;
  }
  async recordView() {
    return false;
  }
  async deleteByIds(ids: readonly number[]) {
    const gone = ids.flatMap((id) => this.rows.get(id) ?? []);
    for (const m of gone) {
      this.rows.delete(m.id);
      this.notes.set(m.storageKey, new Date());
      for (const f of Object.values(m.renditions ?? {})) this.notes.set(f.key, new Date());
    }
    return gone;
  }
  async expectObjects(keys: readonly string[]) {
    for (const k of keys) this.notes.set(k, new Date());
  }
  async saveRenditions(id: number, _key: string, made: MadeRenditions): Promise<Renditions | null> {
    const m = this.rows.get(id);
    if (!m) return null;
    Object.assign(m, { ...made, renditionsState: 'ready', renditionsVersion: made.version });
    return {};
  }
  async renditionsFailed() {
    return null;
  }
  async originalRecleaned() {}
  async renditionsToDo() {
    return [];
  }
  async countRenditionsToDo() {
    return 0;
  }
  async withdrawOutdated() {
    return 0;
  }
  async renditionCounts() {
    return { pending: 0, failed: 0, outdated: 0 };
  }
  async pendingRenditionsOf(userId: number) {
    return [...this.rows.values()].filter((m) => m.userId === userId && m.renditionsState === 'pending').length;
  }
  async keyInUse(key: string) {
    return [...this.rows.values()].some(
      (m) => m.storageKey === key || Object.values(m.renditions ?? {}).some((f) => f.key === key),
    );
  }
}

/** Answers fixed facts instead of decoding, so the service's file handling is what is tested. */
class FakeProbe extends ImageProbe {
  async inspect(): Promise<ImageFacts> {
    return { width: 16, height: 12, orientation: 1, placeholder: 'AAAA' };
  }
}

/** Records which items had their renditions asked for. */
class FakeRenditions {
  requested: number[] = [];
  async request(id: number) {
    this.requested.push(id);
  }
  cancel() {}
}

describe('MediaService', () => {
  let dir: string;
  let storage: MemoryStorage;
  let repo: MemoryMedia;
  let service: MediaService;
  let renditions: FakeRenditions;
  const png = acceptUpload({ ext: 'png', mime: 'image/png' }, 'a.png');
  const ctx = { address: '203.0.113.5', network: '203.0.113.5' };
  /** A PNG carrying a text chunk (metadata) that the stored copy must not have. */
  const received = async () => {
    const file = path.join(dir, 'upload-1');
    const content = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#36c' } })
      .png()
      .withExif({ IFD0: { Make: 'LeakyCam' } })
      .toBuffer();
    await writeFile(file, content);
    return { path: file, size: content.length, type: png, originalName: 'a.png' };
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'media-spec-'));
    storage = new MemoryStorage();
    repo = new MemoryMedia();
    renditions = new FakeRenditions();
    service = new MediaService(
      repo,
      storage,
      new FakeProbe(),
      new OriginalCleaner(new FakeProbe()),
      renditions as unknown as RenditionService,
      new UploadGate(),
      new UnlimitedBudget(),
      loadConfig({}),
      new VideoBudget(loadConfig({})),
    );
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("stores the image without its metadata, records its size and facts, queues its renditions, and leaves only the caller's temp file", async () => {
    const file = await received();
    const m = await service.upload(7, file, ctx);
    expect(m).toMatchObject({ userId: 7, mimeType: 'image/png', originalName: 'a.png', width: 16, height: 12 });
    expect(m.storageKey).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const stored = storage.objects.get(m.storageKey)!;
    expect(m.size).toBe(stored.length);
    expect(stored.length).toBeLessThan(file.size);
    expect(stored.includes('LeakyCam')).toBe(false);
    expect(renditions.requested).toEqual([m.id]);
    expect(await readdir(dir)).toEqual(['upload-1']);
  });

  it('stores nothing for a client that left while its upload waited', async () => {
    const gone = new AbortController();
    gone.abort(new Error('client left'));
    await expect(service.upload(7, await received(), { ...ctx, signal: gone.signal })).rejects.toThrow('client left');
    expect(storage.objects.size).toBe(0);
    expect(repo.rows.size).toBe(0);
  });

  it("deletes a media item's renditions with it", async () => {
    const m = await service.upload(7, await received(), ctx);
    const files = { thumb: 'thumb-1.webp', preview: 'preview-1.webp' };
    for (const f of Object.values(files))
      await storage.put(`renditions/${m.storageKey}/${f}`, Readable.from([Buffer.from('x')]));
    await repo.saveRenditions(m.id, m.storageKey, {
      version: RENDITIONS_VERSION,
      width: 16,
      height: 12,
      placeholder: null,
      renditions: Object.fromEntries(
        Object.entries(files).map(([kind, f]) => [
          kind,
          { key: `renditions/${m.storageKey}/${f}`, mimeType: 'image/webp', width: 16, height: 12, bytes: 1 },
        ]),
      ),
    });
    expect(storage.objects.size).toBe(3);
    await service.deleteMedia(m.id, 7);
    expect(storage.objects.size).toBe(0);
    expect(repo.notes.size).toBe(0);
  });

  it('removes the stored object again when the row cannot be written', async () => {
    repo.failCreate = true;
    await expect(service.upload(7, await received(), ctx)).rejects.toThrow('database down');
    expect(storage.objects.size).toBe(0);
    expect(await readdir(dir)).toEqual(['upload-1']);
  });

  it('lets owners and admins delete, nobody else', async () => {
    const m = await service.upload(7, await received(), ctx);
    await expect(service.deleteMedia(m.id, 8)).rejects.toMatchObject({ code: 'forbidden' });
    expect(repo.rows.has(m.id)).toBe(true);
    await service.deleteMedia(m.id, null);
    expect(repo.rows.has(m.id)).toBe(false);
    expect(storage.objects.size).toBe(0);
    await expect(service.deleteMedia(m.id, 7)).rejects.toBeInstanceOf(DomainError);
  });

  it('still deletes the row when the storage is down; the object stays noted and the sweep removes it later', async () => {
    const m = await service.upload(7, await received(), ctx);
    expect(repo.notes.size).toBe(0); // a finished upload leaves no note
    storage.failDelete = true;
    await service.deleteMedia(m.id, 7);
    expect(repo.rows.has(m.id)).toBe(false);
    expect([...repo.notes.keys()]).toEqual([m.storageKey]);
    expect(await service.sweepOrphans(new Date(Date.now() + 1000))).toBe(0); // still down: kept
    storage.failDelete = false;
    expect(await service.sweepOrphans(new Date(Date.now() + 1000))).toBe(1);
    expect(storage.objects.size).toBe(0);
    expect(repo.notes.size).toBe(0);
  });

  it('notes an upload before storing it, so a crash before its row leaves something to sweep', async () => {
    repo.failCreate = true;
    storage.failDelete = true; // as if the process died: nothing cleans up now
    await expect(service.upload(7, await received(), ctx)).rejects.toThrow('database down');
    const [key] = [...storage.objects.keys()];
    expect([...repo.notes.keys()]).toEqual([key]);
    storage.failDelete = false;
    // within the grace period (an upload may still be writing its row) nothing is touched
    expect(await service.sweepOrphans(new Date(Date.now() - 3600_000))).toBe(0);
    expect(await service.sweepOrphans(new Date(Date.now() + 1000))).toBe(1);
    expect(storage.objects.size).toBe(0);
  });

  it('never sweeps an object a media row uses', async () => {
    const m = await service.upload(7, await received(), ctx);
    repo.notes.set(m.storageKey, new Date(0));
    expect(await service.sweepOrphans(new Date())).toBe(0);
    expect(storage.objects.has(m.storageKey)).toBe(true);
    expect(repo.notes.size).toBe(0);
  });

  it('sums stats from the counters on the rows', async () => {
    const a = await service.upload(7, await received(), ctx);
    const b = await service.upload(7, await received(), ctx);
    Object.assign(repo.rows.get(a.id)!, { totalVotes: 3, hotVotes: 2, totalViews: 5 });
    Object.assign(repo.rows.get(b.id)!, { totalVotes: 1, totalViews: 1 });
    const s = await service.statsFor(7);
    expect(s).toMatchObject({ totalUploads: 2, totalVotes: 4, totalViews: 6 });
    expect(s.media.map((m) => m.id)).toEqual([b.id, a.id]);
  });
});
