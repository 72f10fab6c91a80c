/** An uploader's link to one of their items: `/r/{shareId}`. */
export interface ShareLink {
  shareId: string;
  mediaId: number;
  userId: number;
  /** Off: the link says the item is not available, as for a deleted one. */
  enabled: boolean;
  /** The uploader let search engines index the link's page (noindex otherwise). */
  indexable: boolean;
  /** Visitors who were shown the item through the link, and who voted on it after. */
  views: number;
  votes: number;
  createdAt: Date;
}

export type ShareVisitKind = 'view' | 'vote';

/** 128 random bits in base64url: 22 characters, never derived from the media id. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;
