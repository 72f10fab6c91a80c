import type { ShareLink, ShareVisitKind } from './domain/share-link.js';

/** Port: share links and the visits counted on them (tables share_links, share_visits). */
export abstract class ShareRepository {
  /** The item's link, made with `shareId` when it has none (one link per item). */
  abstract findOrCreate(mediaId: number, userId: number, shareId: string): Promise<ShareLink>;
  abstract findByShareId(shareId: string): Promise<ShareLink | null>;
  abstract listByUser(userId: number): Promise<ShareLink[]>;
  /** The owner's change; null when the link is not theirs (or does not exist). */
  abstract update(
    shareId: string,
    userId: number,
    change: { enabled?: boolean; indexable?: boolean },
  ): Promise<ShareLink | null>;
  /** Whether this visitor has voted on the item (the votes table, read only). */
  abstract hasVoted(userId: number, mediaId: number): Promise<boolean>;
  /**
   * Counts one visit of this kind per visitor and link, never the owner's own, only while the link
   * is on and its item not hidden; a vote only when the visitor's vote on the item exists. True when it
   * counted now.
   */
  abstract countVisit(shareId: string, userId: number, kind: ShareVisitKind): Promise<boolean>;
}
