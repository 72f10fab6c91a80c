import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which module writes which table: the map in docs/ARCHITECTURE.md ("Table ownership") is read
 * here, so the document and the check cannot drift apart. Migrations (and the triggers they
 * define) are schema, not a module's writes, and are left out.
 */
const BACKEND = path.resolve(import.meta.dirname, '..');
const SRC = path.join(BACKEND, 'src');
const MIGRATIONS = path.join(SRC, 'platform', 'database', 'migrations');
const DOC = path.resolve(BACKEND, '..', 'docs', 'ARCHITECTURE.md');

interface Ownership {
  owner: string;
  exceptions: Set<string>;
}

function readMap(): Map<string, Ownership> {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.split('### Table ownership')[1]?.split(/\n#{2,3} /)[0];
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "### Table ownership" section');
  const map = new Map<string, Ownership>();
  for (const line of section.split('\n')) {
    const m = /^\| `(\w+)` \| `(\w+)` \|(.*)\|$/.exec(line);
    if (!m) continue;
    const exceptions = new Set([...m[3]!.matchAll(/`(\w+)`/g)].map((e) => e[1]!));
    map.set(m[1]!, { owner: m[2]!, exceptions });
  }
  return map;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === MIGRATIONS ? [] : files(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [full] : [];
  });

/** `modules/<name>/…` → name; `platform/…` → platform; anything else by its path. */
function moduleOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'modules') return rel[1]!;
  if (rel[0] === 'platform') return 'platform';
  return rel.join('/');
}

/** The tables a piece of SQL writes. Keywords are upper case in this code base, prose is not. */
export function writtenTables(sql: string): string[] {
  const out: string[] = [];
  for (const m of sql.matchAll(/\bINSERT\s+INTO\s+(\w+)/g)) out.push(m[1]!);
  for (const m of sql.matchAll(/\bDELETE\s+FROM\s+(?:ONLY\s+)?(\w+)/g)) out.push(m[1]!);
  // not ON CONFLICT … DO UPDATE SET, nor SELECT … FOR UPDATE
  for (const m of sql.matchAll(/(?<!\b(?:DO|FOR)\s+)\bUPDATE\s+(?:ONLY\s+)?(\w+)(?:\s+(?:AS\s+)?\w+)?\s+SET\b/g))
    out.push(m[1]!);
  for (const m of sql.matchAll(/\bTRUNCATE\s+(?:TABLE\s+)?(\w+(?:\s*,\s*\w+)*)/g)) out.push(...m[1]!.split(/\s*,\s*/));
  return out;
}

/** The string literals of a source file (template literals included), where the SQL lives. */
const literals = (source: string): string[] =>
  [...source.matchAll(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g)].map((m) => m[0]);

function writes(): Array<{ module: string; table: string; file: string }> {
  return files(SRC).flatMap((file) =>
    literals(readFileSync(file, 'utf8')).flatMap((lit) =>
      writtenTables(lit).map((table) => ({ module: moduleOf(file), table, file: path.relative(BACKEND, file) })),
    ),
  );
}

describe('table ownership (docs/ARCHITECTURE.md)', () => {
  const map = readMap();
  const found = writes();

  it('reads the SQL it checks: the scanner sees each kind of write', () => {
    expect(writtenTables(`UPDATE media m SET x = 1 WHERE id IN (SELECT 1 FROM t FOR UPDATE)`)).toEqual(['media']);
    expect(writtenTables(`INSERT INTO a (x) VALUES (1) ON CONFLICT (x) DO UPDATE SET x = 2`)).toEqual(['a']);
    expect(writtenTables(`WITH d AS (DELETE FROM b RETURNING id) SELECT 1`)).toEqual(['b']);
    expect(writtenTables(`TRUNCATE users, media RESTART IDENTITY CASCADE`)).toEqual(['users', 'media']);
    // and finds the app's writes: every table the map names is written somewhere
    expect(new Set(found.map((w) => w.table))).toEqual(
      new Set([...map.keys()].filter((t) => !['daily_counts', 'activity_rechecks'].includes(t))),
    );
  });

  it('names every table the migrations create, and no other', () => {
    const created = new Set<string>();
    for (const f of readdirSync(MIGRATIONS).filter((n) => n.endsWith('.ts') && n !== 'index.ts')) {
      const text = readFileSync(path.join(MIGRATIONS, f), 'utf8');
      for (const m of text.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)/g))
        created.add(m[1]!);
    }
    expect([...map.keys()].sort()).toEqual([...created].sort());
  });

  it('finds no module writing a table it does not own unless the map names the exception', () => {
    const findings = found
      .filter((w) => {
        const entry = map.get(w.table);
        return !entry || (entry.owner !== w.module && !entry.exceptions.has(w.module));
      })
      .map((w) => `${w.file}: ${w.module} writes ${w.table} (owner: ${map.get(w.table)?.owner ?? 'not in the map'})`);
    expect(findings).toEqual([]);
  });

  it('names no exception that no code uses', () => {
    const used = new Set(found.map((w) => `${w.table}:${w.module}`));
    const stale = [...map].flatMap(([table, e]) =>
      [...e.exceptions].filter((m) => !used.has(`${table}:${m}`)).map((m) => `${table}: ${m}`),
    );
    expect(stale).toEqual([]);
  });
});
