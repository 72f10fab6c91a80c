import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-address and per-session quotas (new sessions, votes, uploads, reports) without Redis: one
 * row per counter and window (issue 20). A row's window ends at `resets_at`; the next spend
 * starts a new one, and ended rows are deleted in the background.
 */
export class BudgetCounters1764300000000 implements MigrationInterface {
  name = 'BudgetCounters1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE budget_counters (
        key text PRIMARY KEY,
        used bigint NOT NULL CHECK (used >= 0),
        resets_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX budget_counters_resets_at ON budget_counters (resets_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE budget_counters`);
  }
}
