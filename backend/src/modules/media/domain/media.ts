import type { Renditions, RenditionsState } from './renditions.js';

/** One uploaded photo or video with its tallies (counters kept on the row, never counted). */
export interface Media {
  id: number;
  userId: number;
  storageKey: string;
  originalName: string;
  mimeType: string;
  /** bytes of the stored object */
  size: number;
  hotVotes: number;
  totalVotes: number;
  totalViews: number;
  uploadedAt: Date;
  /** Display size (orientation applied); null until known (a video's, before its job ran). */
  width: number | null;
  height: number | null;
  /** ThumbHash of the picture or poster, base64: a blurred preview painted at once. */
  placeholder: string | null;
  renditions: Renditions | null;
  renditionsState: RenditionsState;
  /** The pipeline that made the renditions and cleaned the original (RENDITIONS_VERSION); 0 before. */
  renditionsVersion: number;
  /** Hidden from the random pick (reports past the threshold, or a banned owner). */
  hidden: boolean;
}

/** An item as its owner's statistics show it. */
export interface OwnMedia extends Media {
  /** Reports hid it from the random pick and no operator has decided yet. */
  underReview: boolean;
}

export interface NewMedia {
  userId: number;
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  width?: number | null;
  height?: number | null;
  placeholder?: string | null;
  /** the client's Idempotency-Key: a retry of the same upload answers this row, stored once */
  uploadKey?: string | null;
  /** the uploader's network (/24, /48: uploaderNetwork()), kept while the item waits for its renditions (its place in that queue) */
  uploadAddress?: string | null;
}

export interface Tally {
  totalVotes: number;
  hotVotes: number;
  hotPercentage: number;
  notPercentage: number;
}

/** Whole-number split; `not` is the complement so the two always add up to 100 (both 0 without votes). */
export function tally(hotVotes: number, totalVotes: number): Tally {
  if (totalVotes <= 0) return { totalVotes: 0, hotVotes: 0, hotPercentage: 0, notPercentage: 0 };
  const hotPercentage = Math.round((hotVotes * 100) / totalVotes);
  return { totalVotes, hotVotes, hotPercentage, notPercentage: 100 - hotPercentage };
}

/** Where the file is served: same origin, so nginx or the API answers it (GET /media/<key>). */
export const mediaUrl = (storageKey: string): string =>
  `/media/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
