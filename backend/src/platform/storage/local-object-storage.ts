import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  isSafeKey,
  ObjectNotFoundError,
  ObjectStorage,
  type ByteRange,
  type ObjectBody,
  type StoredObject,
} from './object-storage.js';

/** Flushes a file's data, or a folder's entries, to the disk. */
export interface DiskSync {
  file(path: string): Promise<void>;
  folder(path: string): Promise<void>;
}

const flush = async (target: string): Promise<void> => {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};
export const fsyncDiskSync: DiskSync = { file: flush, folder: flush };

/** Files under a folder on local disk (the embedded default, DATA_DIR/media). */
export class LocalObjectStorage extends ObjectStorage {
  readonly provider = 'local';

  constructor(
    private readonly root: string,
    private readonly disk: DiskSync = fsyncDiskSync,
  ) {
    super();
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Durable once it answers: written beside and flushed, renamed into place (a crash never leaves
   * a half file under the real key), and the folder flushed so the new name survives a power cut.
   */
  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    const created = await fs.mkdir(folder, { recursive: true });
    if (created) {
      // new folders are entries of their parents, which must reach the disk too
      for (let dir = folder; ; dir = path.dirname(dir)) {
        await this.disk.folder(path.dirname(dir));
        if (dir === created) break;
      }
    }
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(body, createWriteStream(temp));
      await this.disk.file(temp);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    await this.disk.folder(folder);
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody> {
    const stat = await this.stat(key);
    if (!stat) throw new ObjectNotFoundError(key);
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { stream, size: stat.size };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(this.pathOf(key));
      return s.isFile() ? { key, size: s.size, lastModified: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    for await (const { full, name } of this.files(this.root)) {
      if (name.endsWith('.part')) continue; // a write under way (or one a crash cut off)
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const s = await fs.stat(full);
      yield { key, size: s.size, lastModified: s.mtime };
    }
  }

  /** `.part` files older than `olderThan`: what a crash left of a write (newer ones may still be written). */
  async removeIncomplete(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const { full, name } of this.files(this.root)) {
      if (!name.endsWith('.part')) continue;
      const s = await fs.stat(full).catch(() => null);
      if (s && s.mtime < olderThan) {
        await fs.rm(full, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async *files(dir: string): AsyncIterable<{ full: string; name: string }> {
    let entries;
    try {
      entries = await fs.opendir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* this.files(full);
      else if (entry.isFile()) yield { full, name: entry.name };
    }
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }
}
