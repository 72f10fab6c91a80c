import type { Page, SortOrder } from '../../../platform/http/simple-rest.js';
import type { MediaDelivery, RenditionsState } from '../domain/renditions.js';

/** The spec's admin media row (§3), tallies from the counters on the media row. */
export interface AdminMediaRow {
  id: number;
  url: string;
  mimeType: string;
  originalName: string;
  size: number;
  userId: number;
  username: string;
  uploadedAt: Date;
  hotVotes: number;
  notVotes: number;
  totalVotes: number;
  totalViews: number;
  /** thumbnails and preview for the grid and its dialog */
  delivery: MediaDelivery;
  renditionsState: RenditionsState;
  /** why the current pipeline could not render it (a file the box cleaner refused: quarantined), else null */
  renditionsError: string | null;
}

export const MEDIA_SORTABLE = [
  'id',
  'uploadedAt',
  'originalName',
  'username',
  'mimeType',
  'size',
  'hotVotes',
  'notVotes',
  'totalVotes',
  'totalViews',
  /** hot share of the votes; unvoted media last in either direction */
  'hotPercentage',
  /** lower bound of the Wilson 95 % interval of the hot share (hot_score()): many votes outrank a lucky few */
  'hotScore',
] as const;
export type MediaSortField = (typeof MEDIA_SORTABLE)[number];

export interface MediaListCriteria {
  /** substring of the original name or the uploader's username, case-insensitive */
  q?: string;
  type?: 'image' | 'video';
  ids?: number[];
  userId?: number;
  sort: { field: MediaSortField; order: SortOrder };
  offset: number;
  limit: number;
}

/** Port: the admin's read side over media joined with uploaders. */
export abstract class MediaAdminRepository {
  /** `knownTotal`: the caller already knows how many rows match (no count query then). */
  abstract list(criteria: MediaListCriteria, knownTotal?: number): Promise<Page<AdminMediaRow>>;
  abstract findRow(id: number): Promise<AdminMediaRow | null>;
}
