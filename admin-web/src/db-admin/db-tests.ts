import { TEXTS } from '../lib/texts';
import type { DbTestAnswer, DbTestName } from '../api/types';

export type TestStatus = 'pending' | 'running' | 'success' | 'error';

export interface TestItem {
  name: DbTestName;
  label: string;
  status: TestStatus;
  result: string;
  error: string;
  durationMs: number | null;
}

export const TESTS: { name: DbTestName; label: string; failure: string }[] = [
  { name: 'connection', label: 'Database connection', failure: TEXTS.connectionFailed },
  { name: 'schema', label: 'Schema', failure: TEXTS.schemaFailed },
  { name: 'counts', label: 'Counts', failure: TEXTS.countsFailed },
  { name: 'queries', label: 'Sample queries', failure: TEXTS.queriesFailed },
];

export const initialTests = (): TestItem[] =>
  TESTS.map((t) => ({ name: t.name, label: t.label, status: 'pending', result: '', error: '', durationMs: null }));

/** One line saying what a passing check found. */
export function describeResult(name: DbTestName, a: DbTestAnswer): string {
  switch (name) {
    case 'connection':
      // "PostgreSQL 18.6 (PGlite 0.5.16) on wasm32-…, compiled by …": the part before the platform
      return [a.message ?? 'Connected', a.engine, a.version?.split(/ on |, /)[0]].filter(Boolean).join(' · ');
    case 'schema':
      return a.tables ? `${a.tables.length} tables: ${a.tables.map((t) => t.name).join(', ')}` : (a.message ?? 'OK');
    case 'counts':
      return `Users: ${(a.totalUsers ?? 0).toLocaleString('en')}, Media: ${(a.totalMedia ?? 0).toLocaleString('en')}`;
    case 'queries':
      return a.queries
        ? a.queries.map((q) => `${q.name}: ${q.rowCount} rows in ${q.durationMs} ms`).join(' · ')
        : (a.message ?? 'OK');
  }
}
