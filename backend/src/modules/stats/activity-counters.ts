export interface Totals {
  totalUsers: number;
  totalMedia: number;
  totalVotes: number;
  totalViews: number;
  /** users with at least one upload or vote (the spec's "active") */
  activeUsers: number;
  /** users with a verified e-mail */
  savedAccounts: number;
  /** the vote population's fake users (`is_seeded`), counted in totalUsers and activeUsers */
  seededUsers: number;
  /** of those, the active ones (they voted) */
  seededActiveUsers: number;
}

/** One UTC day of the dashboard series: media uploaded, votes cast and users created that day. */
export interface DailyCount {
  day: string;
  uploads: number;
  votes: number;
  /** new users that day, the vote population's fake users left out */
  users: number;
}

/**
 * Port over the counters the database keeps itself (triggers on users, media, votes, views): reads
 * cost the same at 100 rows and at 10M.
 */
export abstract class ActivityCounters {
  /** Settles the users a delete left to look at again first, so `activeUsers` is exact. */
  abstract totals(): Promise<Totals>;
  /** Clears the active flag of users whose last upload or vote was deleted (before reading `users.active`). */
  abstract settle(): Promise<void>;
  /** The `days` UTC days ending today, oldest first, zero days included. */
  abstract daily(days: number): Promise<DailyCount[]>;
}
