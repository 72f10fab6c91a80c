/** Spec §3 "Export vote row". */
export interface ExportVote {
  userId: number;
  mediaId: number;
  isHot: boolean;
  votedAt: Date;
}

export interface VoteKey {
  userId: number;
  mediaId: number;
}

/** Port: votes in primary-key order, one bounded batch at a time (keyset, so each batch is an index range). */
export abstract class VoteExportRepository {
  /** Up to `limit` votes whose key is after `after` (from the start when null). */
  abstract batchAfter(after: VoteKey | null, limit: number): Promise<ExportVote[]>;
}
