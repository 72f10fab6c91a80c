import { Injectable, Logger } from '@nestjs/common';
import { badRequest, notFound } from '../../platform/domain-error.js';
import { JobQueue, type JobView } from '../../platform/jobs/job-queue.js';
import { isSafeKey, ObjectStorage } from '../../platform/storage/object-storage.js';
import { isRenditionKey, renditionFiles } from '../media/domain/renditions.js';
import { RenditionService } from '../media/renditions/rendition.service.js';
import { BucketMediaRepository } from './bucket-media.repository.js';

export interface BucketListing {
  provider: string;
  files: { key: string; size: number; lastModified: string }[];
  totalFiles: number;
  totalSize: number;
}

export interface DeleteResult {
  message: string;
  deleted: string[];
  errors: { key: string; error: string }[];
  /** Media rows that pointed at deleted files (removed with their votes and views). */
  mediaDeleted: number;
}

/** Deletes run a few at a time: quick on S3, gentle on the event loop for local disk. */
const DELETE_CONCURRENCY = 8;

@Injectable()
export class BucketService {
  private readonly logger = new Logger('Bucket');

  constructor(
    private readonly storage: ObjectStorage,
    private readonly media: BucketMediaRepository,
    private readonly jobs: JobQueue,
    private readonly renditions: RenditionService,
  ) {}

  /** Every object in the bucket (the storage adapter pages through it) but media renditions, which belong to their media. */
  async list(): Promise<BucketListing> {
    const files: BucketListing['files'] = [];
    let totalSize = 0;
    for await (const f of this.storage.list()) {
      if (isRenditionKey(f.key)) continue;
      files.push({ key: f.key, size: f.size, lastModified: f.lastModified.toISOString() });
      totalSize += f.size;
    }
    return { provider: this.storage.provider, files, totalFiles: files.length, totalSize };
  }

  /**
   * Deletes the named objects. Any unsafe key refuses the whole request (nothing deleted); keys
   * that do not exist are reported per file, or as 404 when none exists. A media row stored under
   * a deleted key goes too, so visitors are never offered a file that is gone.
   */
  async delete(filenames: readonly string[]): Promise<DeleteResult> {
    const keys = [...new Set(filenames)];
    const unsafe = keys.filter((k) => !isSafeKey(k) || isRenditionKey(k));
    if (unsafe.length) {
      throw badRequest(
        `Invalid file name(s): ${unsafe.map((k) => JSON.stringify(k)).join(', ')}. Use the keys from list-bucket-files (renditions go with their media).`,
      );
    }
    const stats = await Promise.all(keys.map(async (key) => ({ key, found: (await this.storage.stat(key)) !== null })));
    const present = stats.filter((s) => s.found).map((s) => s.key);
    const errors: DeleteResult['errors'] = stats
      .filter((s) => !s.found)
      .map((s) => ({ key: s.key, error: 'File not found' }));
    if (!present.length) {
      throw notFound(keys.length === 1 ? `File not found: ${keys[0]}` : `None of the ${keys.length} files exist`);
    }

    const gone = await this.media.deleteByKeys(present);
    const mediaDeleted = gone.length;
    await this.renditions.remove(gone.flatMap((m) => renditionFiles(m.renditions)));
    const deleted: string[] = [];
    for (let i = 0; i < present.length; i += DELETE_CONCURRENCY) {
      await Promise.all(
        present.slice(i, i + DELETE_CONCURRENCY).map(async (key) => {
          try {
            await this.storage.delete(key);
            deleted.push(key);
          } catch (err) {
            this.logger.warn(`Could not delete ${key}: ${(err as Error).message}`);
            errors.push({ key, error: 'Could not delete the file, please try again' });
          }
        }),
      );
    }
    const media = mediaDeleted ? ` and ${mediaDeleted} media item(s) using them` : '';
    const message =
      deleted.length === keys.length
        ? `Deleted ${deleted.length} file(s)${media}`
        : `Deleted ${deleted.length} of ${keys.length} file(s)${media}; ${errors.length} failed`;
    return { message, deleted: deleted.sort(), errors, mediaDeleted };
  }

  /** One import at a time: asking again while one runs answers that job. */
  startImport(): Promise<JobView> {
    return this.jobs.enqueue('import-media', {}, { exclusiveKey: 'import-media' });
  }

  startDuplicateScan(): Promise<JobView> {
    return this.jobs.enqueue('find-duplicates', {}, { exclusiveKey: 'find-duplicates' });
  }
}
