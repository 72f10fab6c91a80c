import type { Totals } from './activity-counters.js';

/*
 * The totals' query, shared by this module's adapter and the maintenance reset, which reads them
 * inside its own TRUNCATE transaction (the counts it answers are those it removed).
 */

/** Sums of `daily_counts` (at most 8 rows a day): the totals without counting the tables. */
export const COUNTER_TOTALS_SQL = `
  SELECT coalesce(sum(users), 0)::bigint AS "totalUsers", coalesce(sum(uploads), 0)::bigint AS "totalMedia",
         coalesce(sum(votes), 0)::bigint AS "totalVotes", coalesce(sum(views), 0)::bigint AS "totalViews",
         coalesce(sum(active_users), 0)::bigint AS "activeUsers", coalesce(sum(saved_accounts), 0)::bigint AS "savedAccounts"
    FROM daily_counts`;

/** What the counters hold; the seeded users' figures are read beside them (`SEEDED_TOTALS_SQL`). */
export type CounterTotals = Omit<Totals, 'seededUsers' | 'seededActiveUsers'>;
type Row = Record<keyof CounterTotals, string | number>;

/** The vote population's fake users, from the `users_seeded` partial index alone (index-only). */
export const SEEDED_TOTALS_SQL = `
  SELECT count(*)::int AS "seededUsers", count(*) FILTER (WHERE active)::int AS "seededActiveUsers"
    FROM users WHERE is_seeded`;

/** bigint sums arrive as strings. */
export const toTotals = (r: Row): CounterTotals => ({
  totalUsers: Number(r.totalUsers),
  totalMedia: Number(r.totalMedia),
  totalVotes: Number(r.totalVotes),
  totalViews: Number(r.totalViews),
  activeUsers: Number(r.activeUsers),
  savedAccounts: Number(r.savedAccounts),
});
