import { DataSource, type QueryRunner } from 'typeorm';
import { applySqlFiles, sqlFiles } from '../src/platform/database/sql-files.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every function and trigger of the schema as the database itself prints it
 * (`pg_get_functiondef`, `pg_get_triggerdef`), named like its file: `functions/<name>`, `triggers/<name>`.
 * Functions of extensions are not ours.
 */
async function definitions(q: QueryRunner): Promise<Array<[string, string]>> {
  const rows = (await q.query(
    `SELECT 'functions/' || p.proname AS name, pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     UNION ALL
     SELECT 'triggers/' || t.tgname, pg_get_triggerdef(t.oid)
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = current_schema()
      ORDER BY 1, 2`,
  )) as Array<{ name: string; def: string }>;
  return rows.map((r) => [r.name, r.def]);
}

describe(`the database's functions and triggers are the SQL files (${dbKind})`, () => {
  let t: TestApp;
  let q: QueryRunner;
  beforeAll(async () => {
    t = await startTestApp();
    q = t.app.get(DataSource).createQueryRunner();
  });
  afterAll(async () => {
    await q.release();
    await t.close();
  });

  it('has one file per function and trigger, and nothing defined only by a migration or left over', async () => {
    const names = (await definitions(q)).map(([name]) => name);
    // a second function of one name would be an overload a changed signature left behind
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(sqlFiles().map((f) => f.name));
  });

  it('holds each definition exactly as its file says: running the file again changes nothing', async () => {
    for (const file of sqlFiles()) {
      await q.startTransaction();
      try {
        const before = await definitions(q);
        await q.query(file.text);
        expect(await definitions(q), file.name).toEqual(before);
      } finally {
        await q.rollbackTransaction();
      }
    }
  });

  it('runs a file again only when its text changed (the ledger holds the text it ran)', async () => {
    const ledger = (await q.query(`SELECT name, sha256 FROM sql_files ORDER BY name`)) as Array<{
      name: string;
      sha256: string;
    }>;
    expect(ledger).toEqual(
      sqlFiles()
        .map(({ name, sha256 }) => ({ name, sha256 }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    await q.startTransaction();
    try {
      expect(await applySqlFiles(q)).toEqual([]);
      await q.query(`UPDATE sql_files SET sha256 = repeat('0', 64) WHERE name = 'functions/hot_score'`);
      expect(await applySqlFiles(q)).toEqual(['functions/hot_score']);
      expect(await applySqlFiles(q)).toEqual([]);
    } finally {
      await q.rollbackTransaction();
    }
  });
});
