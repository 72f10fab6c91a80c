export type CastVoteResult =
  | { kind: 'recorded'; totalVotes: number; hotVotes: number }
  | { kind: 'media-not-found' }
  | { kind: 'own-media' }
  | { kind: 'already-voted' };

/** Port over the votes table and the tallies it feeds on media rows. */
export abstract class VoteRepository {
  /**
   * Inserts the vote and bumps the media row's hot_votes/total_votes atomically; nothing
   * changes unless the answer is `recorded` (the new tallies).
   */
  abstract cast(userId: number, mediaId: number, isHot: boolean): Promise<CastVoteResult>;
}
