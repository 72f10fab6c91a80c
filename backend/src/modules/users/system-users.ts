import type { Transaction } from '../../platform/database/sql.js';

/**
 * Port over the users nobody signs in as, which other modules need rows for: the owner of
 * imported bucket media and the population's seeded voters. The users table stays this
 * module's to write.
 */
export abstract class SystemUsers {
  /** The system user that owns imported media ("BucketImport", or a numbered name if a visitor took it), created on first use. */
  abstract importOwnerId(): Promise<number>;
  /** `count` seeded users named by the visitor username generator, inside the caller's transaction; their ids, ascending. */
  abstract createSeeded(tx: Transaction, count: number): Promise<number[]>;
  /** Deletes those of `ids` that are seeded users, inside the caller's transaction (their votes and views go by cascade); how many went. */
  abstract deleteSeeded(tx: Transaction, ids: number[]): Promise<number>;
}
