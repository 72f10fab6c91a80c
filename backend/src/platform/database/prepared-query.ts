import type { DataSource } from 'typeorm';

interface NamedQueryPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a hot statement as a named prepared statement on the driver's own pool (pg: parsed and
 * planned once per connection, then only bound and executed; PGlite ignores the name). Also
 * skips TypeORM's per-query runner. Keep `name` unique per statement text: pg refuses a name
 * reused for different SQL on the same connection. Errors are the driver's (same SQLSTATE codes).
 */
export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (db.driver as unknown as { master: NamedQueryPool }).master;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
