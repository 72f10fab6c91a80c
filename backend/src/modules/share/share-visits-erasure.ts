/**
 * Port for account deletion: takes a user's visits through other people's share links away, with
 * the links' `views` / `votes` counters they raised, so no link keeps a ghost of a deleted visitor.
 */
export abstract class ShareVisitsErasure {
  /** Every visit of the user and its count on its link, in one statement; how many went. */
  abstract eraseVisitsOf(userId: number): Promise<number>;
}
