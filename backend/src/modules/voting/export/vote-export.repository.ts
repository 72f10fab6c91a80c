/**
 * Votes in primary-key order as columns (spec §3 "Export vote row": user_id, media_id, is_hot,
 * voted_at). Typed arrays: a batch costs four allocations instead of thousands of row objects,
 * and its buffers move to the export worker without a copy.
 */
export interface VoteBatch {
  userIds: Int32Array;
  mediaIds: Int32Array;
  hot: Uint8Array;
  /** epoch milliseconds */
  votedAt: Float64Array;
}

export interface VoteKey {
  userId: number;
  mediaId: number;
}

/** Port: votes in primary-key order, one bounded batch at a time (keyset, so each batch is an index range). */
export abstract class VoteExportRepository {
  /** Up to `limit` votes whose key is after `after` (from the start when null). */
  abstract batchAfter(after: VoteKey | null, limit: number): Promise<VoteBatch>;
}

export const lastKey = (b: VoteBatch): VoteKey => ({
  userId: b.userIds[b.userIds.length - 1]!,
  mediaId: b.mediaIds[b.mediaIds.length - 1]!,
});
