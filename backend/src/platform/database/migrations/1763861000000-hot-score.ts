import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `hot_score(hot, total)`: the lower bound of the Wilson 95 % interval of the hot share (0 without
 * votes), the same rule as the web apps' lib/confidence.ts. The admin Media list sorts by it, so
 * 90 hot of 100 ranks above 3 of 3. A plain SQL function the planner inlines.
 *
 * Deliberately no index on it: every vote updates its media row's tallies, and an index over
 * them turns each of those updates into a non-HOT one (measured on 1M rows: 48,510 of 48,780
 * tally updates HOT without it, 0 with it; every vote would then write every index of media).
 * The sort is an operator's occasional read, a parallel top-N sort: ~0.35 s at 1M media on a
 * busy 2-core machine, beside ~0.16 s for the existing sort by votes (0.2 ms with the index).
 */
export class HotScore1763861000000 implements MigrationInterface {
  name = 'HotScore1763861000000';

  async up(q: QueryRunner): Promise<void> {
    // z = 1.959964; z²/2 = 1.920729, z²/4 = 0.960365, z² = 3.841459. All float8: numeric literals
    // would make it numeric arithmetic, several times slower per row. One expression, so it is inlined.
    await q.query(`
      CREATE FUNCTION hot_score(hot integer, total integer) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN total <= 0 THEN 0::float8 ELSE greatest(0::float8,
          (hot::float8 / total + 1.920729::float8 / total
            - 1.959964::float8 * sqrt(hot::float8 * (total - hot) / total / total / total + 0.960365::float8 / total / total))
          / (1 + 3.841459::float8 / total)) END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION hot_score(integer, integer)`);
  }
}
