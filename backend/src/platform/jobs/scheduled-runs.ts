import type { Sql } from '../database/sql.js';

/**
 * Claims this period's run of `name` for the calling process: true for exactly one of any number
 * of processes asking at once, and only when the last run started at least `everyMs` ago. The
 * row lock of the upsert decides (a second caller waits, then finds the time already moved).
 */
export async function claimScheduledRun(db: Sql, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db.rows(
    `INSERT INTO scheduled_runs (name, last_run_at) VALUES ($1, now())
     ON CONFLICT (name) DO UPDATE SET last_run_at = now()
       WHERE scheduled_runs.last_run_at <= now() - make_interval(secs => $2::double precision / 1000)
     RETURNING name`,
    [name, everyMs],
  );
  return claimed.length === 1;
}
