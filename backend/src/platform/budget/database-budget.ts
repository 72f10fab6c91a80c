import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../background-work.js';
import { Database } from '../database/sql.js';
import { OutageLog } from '../logging/outage-log.js';
import { Budget, type Charge, type Receipt, type TakeResult } from './budget.js';

/** Ended windows are deleted this often (by every process; the delete is idempotent). */
const SWEEP_EVERY_MS = 10 * 60_000;

class Refused extends Error {
  constructor(
    readonly charge: Charge,
    readonly retryAfterMs: number,
  ) {
    super('refused');
  }
}

/**
 * The budget's counters in `budget_counters` (no REDIS_URL: the embedded mode, or PostgreSQL
 * shared by processes without Redis). A take upserts its counters in key order in one
 * transaction; each upsert adds only while the sum stays within the limit and holds the row lock
 * to commit, so parallel takes queue on it and the count is exact. A refused counter rolls the
 * whole take back.
 */
@Injectable()
export class DatabaseBudget extends Budget implements OnModuleInit {
  private readonly logger = new Logger('Budget');
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly work: BackgroundWork,
    private readonly outages: OutageLog,
  ) {
    super();
  }

  async take(charges: readonly Charge[]): Promise<TakeResult> {
    const ordered = [...charges].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      const ends = await this.db.transaction(async (tx) => {
        const byKey = new Map<string, number>();
        for (const c of ordered) {
          const row = await tx.one<{ ends: string }>(
            `INSERT INTO budget_counters AS c (key, used, resets_at)
             SELECT $1, $3::bigint, date_trunc('milliseconds', now() + $2::bigint * interval '1 millisecond')
             WHERE $3::bigint <= $4::bigint
             ON CONFLICT (key) DO UPDATE SET
               used = CASE WHEN c.resets_at <= now() THEN excluded.used ELSE c.used + excluded.used END,
               resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
             WHERE c.resets_at <= now() OR c.used + excluded.used <= $4::bigint
             RETURNING (extract(epoch FROM resets_at) * 1000)::bigint::text AS ends`,
            [c.key, c.windowMs, c.amount, c.limit],
          );
          if (!row) {
            const current = await tx.one<{ wait: string }>(
              `SELECT greatest(0, extract(epoch FROM resets_at - now()) * 1000)::bigint::text AS wait
               FROM budget_counters WHERE key = $1`,
              [c.key],
            );
            throw new Refused(c, current ? Number(current.wait) : c.windowMs);
          }
          byKey.set(c.key, Number(row.ends));
        }
        return charges.map((c) => byKey.get(c.key)!);
      });
      return { ok: true, receipt: { charges, windowEnds: ends } };
    } catch (err) {
      if (err instanceof Refused) return { ok: false, refused: err.charge, retryAfterMs: err.retryAfterMs };
      throw err;
    }
  }

  async refund(receipt: Receipt): Promise<void> {
    for (const [i, c] of receipt.charges.entries()) {
      await this.db.write(
        `UPDATE budget_counters SET used = greatest(0, used - $2::bigint)
         WHERE key = $1 AND (extract(epoch FROM resets_at) * 1000)::bigint = $3::bigint`,
        [c.key, c.amount, receipt.windowEnds[i]],
      );
    }
  }

  async waitMs(c: Charge): Promise<number> {
    if (c.amount > c.limit) return c.windowMs;
    const row = await this.db.one<{ used: string; wait: string }>(
      `SELECT used::text AS used, greatest(0, extract(epoch FROM resets_at - now()) * 1000)::bigint::text AS wait
       FROM budget_counters WHERE key = $1 AND resets_at > now()`,
      [c.key],
    );
    return row && Number(row.used) + c.amount > c.limit ? Math.max(1, Number(row.wait)) : 0;
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.db
        .write(`DELETE FROM budget_counters WHERE resets_at < now()`)
        .catch((err: Error) =>
          this.outages.report(err, () => this.logger.warn(`Could not delete ended budget windows: ${err.message}`)),
        );
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
    this.work.register('budget sweeper', 'workers', () => clearInterval(this.sweeper));
  }
}
