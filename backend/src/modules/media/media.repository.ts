import type { AuditActor } from '../../platform/audit/audit-entry.js';
import type { Media, NewMedia, OwnMedia } from './domain/media.js';
import type { MadeRenditions, Renditions } from './domain/renditions.js';

/** An operator's delete: its audit row, written in the delete's transaction, names the ids it removed. */
export interface DeleteAudit {
  actor: AuditActor;
  action: string;
  /** Said first in the row's detail (why, when the operator did not ask for these ids). */
  note?: string;
}

/**
 * Port over the media and views tables, and the list of stored objects that may have no row
 * (`orphan_objects`): what a crash between storing a file and writing (or deleting) its row
 * leaves behind, for the orphan sweep.
 */
export abstract class MediaRepository {
  /** Notes, before its object is stored, that an upload is about to store under this key. */
  abstract expectObject(storageKey: string): Promise<void>;
  /** Inserts the row and, in the same statement, clears the key's expectation. */
  /** null when the user already has a row with `data.uploadKey` (a retry that raced the first try). */
  abstract create(data: NewMedia): Promise<Media | null>;
  /** The user's upload made with this Idempotency-Key, if any. */
  abstract findByUploadKey(userId: number, uploadKey: string): Promise<Media | null>;
  abstract findById(id: number): Promise<Media | null>;
  abstract findByStorageKey(storageKey: string): Promise<Media | null>;
  /** Newest first; `underReview` while reports hide the item and no operator has decided yet. */
  abstract listByUser(userId: number): Promise<OwnMedia[]>;
  /**
   * A random item the user may rate: not hidden, not their own, not voted on, not in
   * `excludeIds`; each user goes round a fixed random order, so every unrated item comes up
   * once per lap. Null when none is left; one of `excludeIds` when only those are unrated.
   */
  abstract findRandomFor(userId: number, excludeIds: readonly number[]): Promise<Media | null>;
  /** Whether anyone but `userId` has uploaded anything (empty state vs "rated all"). */
  abstract existsFromOthers(userId: number): Promise<boolean>;
  /**
   * Records the first view of a media item by a user and bumps its total_views in the same
   * statement; false when the user had already viewed it. Throws not_found for unknown media.
   */
  abstract recordView(userId: number, mediaId: number): Promise<boolean>;
  /**
   * Deletes the rows (votes and views cascade) and, in the same statement, notes their objects as
   * ones to delete; the operator's audit row, when one is given, in the same transaction. Answers
   * the rows deleted (ids already gone are simply absent).
   */
  abstract deleteByIds(ids: readonly number[], audit?: DeleteAudit): Promise<Media[]>;
  /** Notes rendition files about to be stored, so a crash before the row names them leaves them to the sweep. */
  abstract expectObjects(keys: readonly string[]): Promise<void>;
  /**
   * Gives the row its renditions (state ready) if it still holds `storageKey`: the new files stop
   * being orphans and the files they replace are noted for deletion, in one statement. Answers
   * the renditions replaced (the caller deletes their files), or null when the row is gone.
   */
  abstract saveRenditions(mediaId: number, storageKey: string, made: MadeRenditions): Promise<Renditions | null>;
  /**
   * The original was cleaned again and stored under its key (noted with expectObjects first): the
   * row takes its new size and the note goes, in one statement; with the row gone the note stays.
   */
  abstract originalRecleaned(mediaId: number, storageKey: string, size: number): Promise<void>;
  /**
   * The current pipeline (`version`) gave up on this item (an undecodable file): it is not
   * rendered, and is not tried again until asked. With `dropRenditions` (files an older pipeline
   * made), the row gives up its renditions in the same statement and they are noted for deletion;
   * answers them (the caller deletes their files).
   */
  abstract renditionsFailed(
    mediaId: number,
    error: string,
    version: number,
    dropRenditions?: boolean,
  ): Promise<Renditions | null>;
  /**
   * Ids after `afterId` the current pipeline (`version`) has still to make, oldest first: waiting
   * for their first renditions, made or given up on by an older pipeline (the upgrade), and the
   * ones it gave up on when asked (`includeFailed`).
   */
  abstract renditionsToDo(afterId: number, limit: number, includeFailed: boolean, version: number): Promise<number[]>;
  abstract countRenditionsToDo(includeFailed: boolean, version: number): Promise<number>;
  /**
   * Items whose renditions an older pipeline made (`renditions_version` below `version`) go back to
   * 'pending': the random pick and share links offer only 'ready' items, and those files may hold
   * what today's cleaner removes. Answers how many went back.
   */
  abstract withdrawOutdated(version: number): Promise<number>;
  /**
   * The admin card's counts: waiting for their first renditions; given up on by the current
   * pipeline; made (or given up on) by an older one, still to redo after an upgrade.
   */
  abstract renditionCounts(version: number): Promise<{ pending: number; failed: number; outdated: number }>;
  /**
   * How many items wait for their renditions from this user or from this network (the row's
   * upload_address holds the uploader's /24 or /48 network, not the address), whichever is
   * more: the place of their next upload in the rendition queue.
   */
  abstract pendingRenditionsOf(userId: number, network: string | null): Promise<number>;
  /** Keys noted before `olderThan` whose object should not exist (its upload or delete never finished). */
  abstract orphansBefore(olderThan: Date, limit: number): Promise<string[]>;
  /** Whether a row uses the object under this key: as its original, or as one of its renditions. */
  abstract keyInUse(key: string): Promise<boolean>;
  /** The object under this key is gone (or is a media row's now): forget the note. */
  abstract objectSettled(storageKey: string): Promise<void>;
  /** The user's oldest `limit` items (account deletion takes them a batch at a time). */
  abstract uploadsOf(userId: number, limit: number): Promise<Media[]>;
  abstract countUploadsOf(userId: number): Promise<number>;
  /** Objects already deleted from storage: forget their notes. */
  abstract objectsSettled(storageKeys: readonly string[]): Promise<void>;
}
