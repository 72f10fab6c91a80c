import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';

/** The part of a `pg` client a prepared statement needs (PGlite's pool client answers the same). */
interface DriverClient {
  query(q: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Parameterized SQL with one answer shape. TypeORM's `query()` answers rows for most statements but
 * `[rows, affected]` for a top-level UPDATE or DELETE (and PGlite tells the two apart by the first
 * word, so `WITH … UPDATE` differs between drivers); these methods answer the same on pg and PGlite.
 */
export class Sql {
  constructor(private readonly withRunner: <R>(fn: (runner: QueryRunner) => Promise<R>) => Promise<R>) {}

  /** The statement's rows (a SELECT's, or a write's RETURNING) and how many rows it wrote. */
  write<T>(text: string, params: readonly unknown[] = []): Promise<[T[], number]> {
    return this.withRunner(async (runner) => {
      const r = await runner.query(text, [...params], true);
      return [(r.records ?? []) as T[], r.affected ?? 0];
    });
  }

  /** The statement's rows (a SELECT's, or a write's RETURNING). */
  async rows<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.write<T>(text, params))[0];
  }

  /** The first row, or null when there is none. */
  async one<T>(text: string, params: readonly unknown[] = []): Promise<T | null> {
    return (await this.rows<T>(text, params))[0] ?? null;
  }

  /** A named prepared statement: parsed and planned once per connection, then only executed. */
  prepared<T>(name: string, text: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.withRunner(async (runner) => {
      const client = (await runner.connect()) as DriverClient;
      return (await client.query({ name, text, values: params })).rows as T[];
    });
  }
}

/** Statements inside one transaction; `runner` is there for migrations' `up(runner)`. */
export class Transaction extends Sql {
  constructor(readonly runner: QueryRunner) {
    super((fn) => fn(runner));
  }
}

/**
 * The adapters' way to the database: each statement on a pooled connection, or a callback run
 * in one transaction on one connection (on PGlite the only one, so nothing else runs inside it).
 * Commits when the callback returns, rolls back when it throws.
 */
@Injectable()
export class Database extends Sql {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super(async (fn) => {
      const runner = dataSource.createQueryRunner();
      try {
        return await fn(runner);
      } finally {
        await runner.release();
      }
    });
  }

  transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.dataSource.transaction((manager) => fn(new Transaction(manager.queryRunner!)));
  }
}
