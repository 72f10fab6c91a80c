import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { QueryRunner } from 'typeorm';

/**
 * The database's functions and triggers, one `CREATE OR REPLACE` per file under `sql/` (beside
 * this module in src/, copied next to the compiled one by the build: scripts/copy-sql.mjs).
 * They are the source to read and to edit: the migrations that first created them stay as they
 * were (installs have run them), and `applySqlFiles` brings every database up to the files.
 */
export const SQL_DIR = fileURLToPath(new URL('./sql/', import.meta.url));

/** Functions first: a trigger names its function. Within a kind, by name. */
const KINDS = ['functions', 'triggers'] as const;

export interface SqlFile {
  /** `functions/<function name>` or `triggers/<trigger name>`: the file, and its key in `sql_files`. */
  name: string;
  text: string;
  sha256: string;
}

/** Every SQL file, in the order they are applied. Read when asked (the API document's build has none). */
export function sqlFiles(): SqlFile[] {
  return KINDS.flatMap((kind) =>
    readdirSync(`${SQL_DIR}${kind}`)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => {
        const text = readFileSync(`${SQL_DIR}${kind}/${f}`, 'utf8');
        return { name: `${kind}/${f.slice(0, -4)}`, text, sha256: createHash('sha256').update(text).digest('hex') };
      }),
  );
}

/**
 * Repeatable migrations: runs each file whose text differs from the one `sql_files` says was
 * applied last (all of them on a new database), inside the caller's transaction, after the
 * versioned migrations. Editing a file is all a change of a function's body or a trigger's
 * condition takes; renaming one, changing its arguments or result type, or removing it still
 * needs a versioned migration that drops the old one (`CREATE OR REPLACE` cannot). Answers the
 * names of the files it ran. `only` limits the run to the files of these names (a versioned migration
 * that needs a changed function in place before it backfills, see 1796100000000-admin-lists-at-scale).
 */
export async function applySqlFiles(runner: QueryRunner, only?: readonly string[]): Promise<string[]> {
  const applied = new Map(
    ((await runner.query(`SELECT name, sha256 FROM sql_files`)) as Array<{ name: string; sha256: string }>).map((r) => [
      r.name,
      r.sha256,
    ]),
  );
  const ran: string[] = [];
  for (const file of sqlFiles()) {
    if (applied.get(file.name) === file.sha256 || (only && !only.includes(file.name))) continue;
    await runner.query(file.text);
    await runner.query(
      `INSERT INTO sql_files (name, sha256) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`,
      [file.name, file.sha256],
    );
    ran.push(file.name);
  }
  return ran;
}
