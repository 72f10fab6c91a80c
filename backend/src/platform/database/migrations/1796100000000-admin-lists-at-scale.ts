import type { MigrationInterface, QueryRunner } from 'typeorm';
import { applySqlFiles } from '../sql-files.js';

/** Users per backfill transaction: each one holds these rows' locks for a moment, not the table for minutes. */
const BACKFILL_BATCH = 2000;

/**
 * The admin lists at a million media (issue 28 item 7):
 *
 * - `users.votes_cast` and `users.uploads`: the Users list sorted by votes cast or uploads counted
 *   every user's votes (1.9 s at 10M votes). The counting triggers keep them from now on, in the
 *   statement that inserts or deletes the votes or media (counts_votes(), counts_media()).
 * - `media_original_name_trgm`: a pg_trgm index, so the Media search by file name (ILIKE
 *   '%text%') reads the matching rows instead of every row (3 s at 1M media). Skipped where the
 *   server has no pg_trgm (the search still answers, by a scan).
 * - `media_total_votes_id` and `media_hot_score_id`: the Media list sorted by total votes or by
 *   hot score (Wilson) read 24 index entries instead of scoring every row (0.86 s / 0.82 s at 1M).
 *   Their price, which migration 1763861000000 declined to pay then: a vote's tally update is no
 *   longer HOT, it writes a new entry into every index of media. Measured on the 1M bench database
 *   (3,000 tally updates in one transaction): 0.09–0.11 ms each without them, 0.12 ms with them
 *   (+≈ 30 µs, against ≈ 1 ms of API CPU per vote); the dead entries are autovacuum's. The
 *   operator's sorts are worth that; `npm run bench -- --only admin-lists` times the pick beside them.
 *
 * Safe on a big live database, hence no transaction around the whole (`transaction = false`):
 * 1. ADD COLUMN with a constant default only writes the catalogue (no table rewrite).
 * 2. The two counting functions are replaced now, not after the migrations as the SQL files
 *    normally are, so every vote or upload committed from here on is counted; the ledger
 *    (sql_files) records them, the run after the migrations skips them.
 * 3. Backfill by batches of BACKFILL_BATCH users, one short transaction each: lock the batch's
 *    rows first (a vote in flight for one of them finishes or waits), then count with a fresh
 *    snapshot (a new statement): a vote is either in that count or adds itself afterwards, never
 *    both, never neither (the way counts_settle() looks at users). Other users' votes go on.
 * 4. CREATE INDEX CONCURRENTLY: writes to media go on while it builds (it cannot run inside a
 *    transaction block, the other reason for `transaction = false`). An invalid index left by an
 *    interrupted build is dropped and built again. Every step can be run again, so a migration
 *    stopped halfway is finished by the next start.
 */
export class AdminListsAtScale1796100000000 implements MigrationInterface {
  name = 'AdminListsAtScale1796100000000';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN IF NOT EXISTS votes_cast integer NOT NULL DEFAULT 0,
                                     ADD COLUMN IF NOT EXISTS uploads integer NOT NULL DEFAULT 0`);
    await inTransaction(q, () => applySqlFiles(q, ['functions/counts_votes', 'functions/counts_media']));

    const [{ last }] = (await q.query(`SELECT coalesce(max(id), 0) AS last FROM users`)) as [{ last: number }];
    for (let from = 0; from < last; from += BACKFILL_BATCH) {
      const range = [from, from + BACKFILL_BATCH];
      await inTransaction(q, async () => {
        await q.query(`SELECT 1 FROM users WHERE id > $1 AND id <= $2 ORDER BY id FOR UPDATE`, range);
        await q.query(
          `UPDATE users u SET votes_cast = (SELECT count(*) FROM votes v WHERE v.user_id = u.id),
                              uploads = (SELECT count(*) FROM media m WHERE m.user_id = u.id)
            WHERE u.id > $1 AND u.id <= $2`,
          range,
        );
      });
    }

    // the two sorts by tallies walk an index instead of scoring every row (0.8 s at 1M media);
    // what it costs each vote is in the header comment
    await createIndexConcurrently(q, 'media_total_votes_id', 'media (total_votes, id)');
    await createIndexConcurrently(q, 'media_hot_score_id', 'media (hot_score(hot_votes, total_votes), id)');

    const [{ available }] = (await q.query(
      `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`,
    )) as [{ available: boolean }];
    if (!available) return;
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await createIndexConcurrently(q, 'media_original_name_trgm', 'media USING gin (original_name gin_trgm_ops)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS media_original_name_trgm, media_total_votes_id, media_hot_score_id`);
    await q.query(`ALTER TABLE users DROP COLUMN votes_cast, DROP COLUMN uploads`);
  }
}

/** An invalid index left by an interrupted concurrent build is dropped and built again. */
async function createIndexConcurrently(q: QueryRunner, name: string, definition: string): Promise<void> {
  const [invalid] = (await q.query(
    `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND NOT i.indisvalid`,
    [name],
  )) as unknown[];
  if (invalid) await q.query(`DROP INDEX ${name}`);
  await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${definition}`);
}

async function inTransaction(q: QueryRunner, work: () => Promise<unknown>): Promise<void> {
  await q.startTransaction();
  try {
    await work();
    await q.commitTransaction();
  } catch (err) {
    await q.rollbackTransaction();
    throw err;
  }
}
