/** What one erasure step removed. */
export interface ErasedVotes {
  votes: number;
  views: number;
}

/**
 * Port for account deletion: takes a user's votes and views away, a batch at a time, with the
 * media tallies they fed, so no item keeps a ghost of a deleted voter.
 */
export abstract class VoterErasure {
  /** Up to `limit` votes and `limit` views of the user, and their share of the tallies, in one statement. */
  abstract eraseBatch(userId: number, limit: number): Promise<ErasedVotes>;
  /** How many votes the user has cast (the deletion's progress bar). */
  abstract votesOf(userId: number): Promise<number>;
}
