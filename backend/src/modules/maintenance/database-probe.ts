import type { AuditEntry } from '../../platform/audit/audit-entry.js';
/** Tables the product cannot run without; the schema test reports any that are missing. */
export const REQUIRED_TABLES = [
  'users',
  'media',
  'votes',
  'views',
  'magic_link_tokens',
  'ad_configs',
  'idle_redirect_configs',
  'back_button_configs',
] as const;

export interface TableInfo {
  name: string;
  columns: number;
}

export interface SampleQueryResult {
  name: string;
  rowCount: number;
  durationMs: number;
}

export interface Totals {
  totalUsers: number;
  totalMedia: number;
  totalVotes: number;
  totalViews: number;
}

/** Port: the database checks, statistics and reset behind the DB Admin page. */
export abstract class DatabaseProbe {
  abstract connection(): Promise<{ version: string; database: string; serverTime: Date }>;
  abstract tables(): Promise<TableInfo[]>;
  abstract sampleQueries(): Promise<SampleQueryResult[]>;
  /** Empties users, media, votes and views (and what hangs off users) in one transaction; answers what was there (from the counters). */
  /** `audit` is written in the reset's own transaction, after the tables are emptied. */
  abstract reset(audit: AuditEntry): Promise<Totals>;
}
