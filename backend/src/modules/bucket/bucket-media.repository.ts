import type { Renditions } from '../media/domain/renditions.js';

/** A bucket object to become a media row. */
export interface ImportedObject {
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploadedAt: Date;
  width: number | null;
  height: number | null;
  placeholder: string | null;
}

/** Where an import job stands: keys are processed in order, so one key marks the position. */
export interface ImportCheckpoint {
  afterKey: string | null;
  imported: number;
  skipped: number;
  errors: number;
}

/** Port over the media rows the bucket tools create and remove (set-based, by storage key). */
export abstract class BucketMediaRepository {
  /** Of these keys, those a media row already uses or that are noted orphans (never imported). */
  abstract existingKeys(keys: readonly string[]): Promise<Set<string>>;
  /**
   * Inserts the rows (keys already present are left alone) and saves the checkpoint, in one
   * transaction: a crash either keeps both or neither. `next` gets the ids of the rows inserted.
   */
  abstract importBatch(
    jobId: string,
    ownerId: number,
    rows: readonly ImportedObject[],
    next: (insertedIds: number[]) => ImportCheckpoint,
  ): Promise<ImportCheckpoint>;
  abstract checkpoint(jobId: string): Promise<ImportCheckpoint | null>;
  /**
   * Deletes the media rows stored under these keys (votes and views cascade) and notes their
   * renditions for deletion in the same statement; answers the rows' keys and renditions.
   */
  abstract deleteByKeys(keys: readonly string[]): Promise<Array<{ storageKey: string; renditions: Renditions | null }>>;
}
