import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LocalObjectStorage } from '../src/platform/storage/local-object-storage.js';
import { ObjectNotFoundError, type ObjectStorage } from '../src/platform/storage/object-storage.js';
import { S3ObjectStorage } from '../src/platform/storage/s3-object-storage.js';
import { startS3, type TestS3 } from './support/s3rver.js';

/** One contract, every adapter: what the media and bucket modules rely on. */
const adapters: Array<[string, () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>]> = [
  [
    'local disk',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-local-'));
      return { storage: new LocalObjectStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const s3: TestS3 = await startS3();
      const storage = new S3ObjectStorage(s3.settings);
      return {
        storage,
        close: async () => {
          storage.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(adapters)('ObjectStorage contract: %s', (_name, make) => {
  let storage: ObjectStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await make());
  });
  afterAll(() => close());

  it('stores a stream and reads it back whole and by byte range', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await storage.put('uploads/2026/11/a.txt', Readable.from([body]), 'text/plain');
    const whole = await storage.get('uploads/2026/11/a.txt');
    expect(whole.size).toBe(20);
    expect((await buffer(whole.stream)).toString()).toBe(body.toString());
    const part = await storage.get('uploads/2026/11/a.txt', { start: 5, end: 9 });
    expect(part.size).toBe(20);
    expect((await buffer(part.stream)).toString()).toBe('56789');
  });

  it('streams a multi-part object (12 MB) without corrupting it', async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.from(chunk.fill(i + 1)));
    await storage.put('big/video.mp4', Readable.from(chunks), 'video/mp4');
    const stat = await storage.stat('big/video.mp4');
    expect(stat?.size).toBe(12 * 1024 * 1024);
    const tail = await storage.get('big/video.mp4', { start: 12 * 1024 * 1024 - 2, end: 12 * 1024 * 1024 - 1 });
    expect([...(await buffer(tail.stream))]).toEqual([12, 12]);
  });

  it('stores a photo-sized body of known length whole (the upload path names the size)', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 9);
    bytes[0] = 1;
    bytes[bytes.length - 1] = 2;
    await storage.put(
      'sized/photo.jpg',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      'image/jpeg',
      bytes.length,
    );
    expect((await storage.stat('sized/photo.jpg'))?.size).toBe(bytes.length);
    expect(Buffer.compare(await buffer((await storage.get('sized/photo.jpg')).stream), bytes)).toBe(0);
  });

  it('reports missing objects: stat is null, get throws ObjectNotFoundError, delete is quiet', async () => {
    expect(await storage.stat('nope/missing.png')).toBeNull();
    await expect(storage.get('nope/missing.png')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('nope/missing.png')).resolves.toBeUndefined();
  });

  it('lists every object with size and date, by prefix, and forgets deleted ones', async () => {
    await storage.put('list/one.jpg', Readable.from([Buffer.from('1')]), 'image/jpeg');
    await storage.put('list/deep/two.jpg', Readable.from([Buffer.from('22')]), 'image/jpeg');
    const listed = [];
    for await (const o of storage.list('list/')) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual(['list/deep/two.jpg', 'list/one.jpg']);
    expect(listed.find((o) => o.key === 'list/deep/two.jpg')?.size).toBe(2);
    expect(listed[0]!.lastModified).toBeInstanceOf(Date);
    await storage.delete('list/one.jpg');
    const after = [];
    for await (const o of storage.list('list/')) after.push(o.key);
    expect(after).toEqual(['list/deep/two.jpg']);
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(/Unsafe/);
    }
  });

  it('answers a health ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});
