import type { Media, NewMedia } from './domain/media.js';

/** Port over the media and views tables. */
export abstract class MediaRepository {
  abstract create(data: NewMedia): Promise<Media>;
  abstract findById(id: number): Promise<Media | null>;
  abstract findByStorageKey(storageKey: string): Promise<Media | null>;
  /** Newest first. */
  abstract listByUser(userId: number): Promise<Media[]>;
  /**
   * A random item the user may rate: not their own, not voted on, not in `excludeIds`.
   * Uses the indexed random_key (never ORDER BY random()); null when none is left.
   */
  abstract findRandomFor(userId: number, excludeIds: readonly number[]): Promise<Media | null>;
  /** Whether anyone but `userId` has uploaded anything (empty state vs "rated all"). */
  abstract existsFromOthers(userId: number): Promise<boolean>;
  /**
   * Records the first view of a media item by a user and bumps its total_views in the same
   * statement; false when the user had already viewed it. Throws not_found for unknown media.
   */
  abstract recordView(userId: number, mediaId: number): Promise<boolean>;
  /** Deletes the row (votes and views cascade); answers the deleted row, null when it was already gone. */
  abstract deleteById(id: number): Promise<Media | null>;
}
