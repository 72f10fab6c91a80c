import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectBody {
  stream: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/** Where uploaded files live. Keys are slash-separated and never come from a client's file name. */
export abstract class ObjectStorage {
  /** Shown to operators in the bucket manager ("local", "s3"). */
  abstract readonly provider: string;
  /** `size`, when the caller knows it, lets a store send the bytes as they come instead of buffering a part. */
  abstract put(key: string, body: Readable, contentType: string, size?: number): Promise<void>;
  /** Throws ObjectNotFoundError when the key does not exist. */
  abstract get(key: string, range?: ByteRange): Promise<ObjectBody>;
  abstract stat(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
  /** Every object, paging internally; never loads the whole listing into memory. */
  abstract list(prefix?: string): AsyncIterable<StoredObject>;
  /** Cheap round trip for health checks. */
  abstract ping(): Promise<void>;
  /**
   * Removes writes a crash left unfinished before `olderThan` (never listed as objects); answers
   * how many. On S3 an unfinished multipart upload is the bucket's AbortIncompleteMultipartUpload
   * lifecycle rule's to clear.
   */
  abstract removeIncomplete(olderThan: Date): Promise<number>;
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`Object not found: ${key}`);
  }
}

/** Keys are relative, slash-separated, with no empty, "." or ".." segments. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}
