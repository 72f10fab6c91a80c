import type { Sql } from './sql.js';

/**
 * Up to this many matching rows a filtered admin list counts them; past it the total is the
 * planner's estimate, flagged as such (the portal shows "about 1.2M"). Counting a million
 * matches costs what reading them does (issue 28 item 7: 3 s for a search at 1M media).
 */
const EXACT_TOTAL_UP_TO = 10_000;

interface ListTotal {
  total: number;
  /** true: `total` is the planner's estimate (more than EXACT_TOTAL_UP_TO rows match) */
  estimated: boolean;
}

interface ExplainRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string;
}

/**
 * `fromWhere`: the list's `FROM … WHERE …` (its parameters in `params`). Counts at most
 * EXACT_TOTAL_UP_TO + 1 rows; when that many match, answers the planner's row estimate for the
 * whole filter (never below what was counted) with `estimated: true`.
 */
export async function listTotal(db: Sql, fromWhere: string, params: readonly unknown[]): Promise<ListTotal> {
  const counted = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${EXACT_TOTAL_UP_TO + 1}) x`,
    params,
  );
  const n = Number(counted?.n ?? 0);
  if (n <= EXACT_TOTAL_UP_TO) return { total: n, estimated: false };
  const [plan] = await db.rows<ExplainRow>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params);
  const json = plan!['QUERY PLAN'];
  const estimate = (typeof json === 'string' ? (JSON.parse(json) as Exclude<typeof json, string>) : json)[0]!.Plan[
    'Plan Rows'
  ];
  return { total: Math.max(Math.round(estimate), n), estimated: true };
}
