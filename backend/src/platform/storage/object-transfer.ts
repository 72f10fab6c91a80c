import { ObjectNotFoundError, type ObjectStorage } from './object-storage.js';

/** Objects a restore found without a row move here, where Import Media from Bucket never looks. */
export const QUARANTINE_PREFIX = 'quarantine/';
export const isQuarantinedKey = (key: string): boolean => key.startsWith(QUARANTINE_PREFIX);

export interface TransferTally {
  copied: number;
  /** already there with the same size: a rerun after an interruption copies only what is missing */
  skipped: number;
  bytes: number;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * Copies every object of `from` (under `prefix`) into `to`, one at a time as a stream, skipping
 * those `to` already holds with the same size. Serves the backup (bucket or media folder → a
 * folder), the restore (folder → bucket) and the move between S3 servers (MinIO → SeaweedFS):
 * a folder is a LocalObjectStorage, so all three are the same copy.
 */
export async function copyObjects(
  from: ObjectStorage,
  to: ObjectStorage,
  { prefix, onProgress }: { prefix?: string; onProgress?: (t: TransferTally) => void } = {},
): Promise<TransferTally> {
  const tally: TransferTally = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of from.list(prefix)) {
    const there = await to.stat(object.key);
    if (there && there.size === object.size) {
      tally.skipped++;
      continue;
    }
    let body;
    try {
      body = await from.get(object.key);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) continue; // deleted since it was listed
      throw err;
    }
    await to.put(object.key, body.stream, contentTypeOf(object.key), body.size);
    tally.copied++;
    tally.bytes += body.size;
    if (tally.copied % 100 === 0) onProgress?.(tally);
  }
  return tally;
}

/**
 * Moves every object for which `inUse` answers false under quarantine/<stamp>/ (copy, then
 * delete): after a restore, objects written between the database dump and the bucket copy have
 * no row, and must not come back as media of the import user. Answers the keys moved.
 */
export async function quarantineStrays(
  storage: ObjectStorage,
  inUse: (keys: string[]) => Promise<Set<string>>,
  stamp: string,
): Promise<string[]> {
  const moved: string[] = [];
  const batch: string[] = [];
  const flush = async () => {
    const used = await inUse(batch);
    for (const key of batch) {
      if (used.has(key)) continue;
      const body = await storage.get(key);
      await storage.put(`${QUARANTINE_PREFIX}${stamp}/${key}`, body.stream, contentTypeOf(key), body.size);
      await storage.delete(key);
      moved.push(key);
    }
    batch.length = 0;
  };
  // listed first, moved after: moving while listing would list the moved copies again
  const keys: string[] = [];
  for await (const object of storage.list()) if (!isQuarantinedKey(object.key)) keys.push(object.key);
  for (const key of keys) {
    batch.push(key);
    if (batch.length === 500) await flush();
  }
  if (batch.length) await flush();
  return moved;
}
