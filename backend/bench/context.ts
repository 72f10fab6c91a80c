import type pg from 'pg';
import type { BenchFlags } from './flags.js';
import type { Measurement, MeasureSpec } from './measure.js';
import type { ReportRow } from './report.js';
import type { SeedInfo } from './seed.js';

/** One API process started by the bench on its own freshly seeded database. */
export interface BenchApp {
  label: string;
  baseUrl: string;
  databaseUrl: string;
  /** A small pg pool on the same database, for a scenario's own SQL (checks, extra seeding). */
  db: pg.Pool;
  /** The API's DATA_DIR (local media storage, outbox). */
  dataDir: string;
  /** The API process, e.g. for rssMb(pid) from app-process.ts. */
  pid: number;
  seed: SeedInfo;
  /** Stops the API and drops the database (unless --keep-db). Safe to call twice. */
  close(): Promise<void>;
}

export interface StartAppOptions {
  /** Short name used in database names and logs, e.g. "10k". */
  label: string;
  media: number;
  votes: number;
  /** Extra environment for the API process (REDIS_URL, RUN_JOBS, ...). */
  env?: Record<string, string>;
}

/** What every scenario receives. The main app is started and seeded before the first scenario runs. */
export interface BenchContext {
  /** Base URL of the main API, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  app: BenchApp;
  /** pg pool on the main bench database. */
  db: pg.Pool;
  databaseUrl: string;
  /** Ids and session cookies of the seeded users, media id range. */
  seed: SeedInfo;
  flags: BenchFlags;
  /** Admin credentials the bench API runs with; `authorization` is the ready HTTP Basic header. */
  admin: { username: string; password: string; authorization: string };
  /** GET /api/health/ready (database and storage pinged) on the main app, measured first: the baseline of every "vs health" column. */
  health: Measurement;
  /** Every measurement taken so far in this run, by name. */
  results: Map<string, Measurement>;
  /** Runs autocannon (warm-up, then flags.duration seconds) and records the result in `results`. */
  measure(spec: MeasureSpec): Promise<Measurement>;
  /** Starts another API on its own fresh, seeded database; closed by the runner at the end at the latest. */
  startApp(options: StartAppOptions): Promise<BenchApp>;
  /**
   * Prints a table. Measurements get the standard columns (req/s, p50, p99, non-2xx, vs health);
   * plain objects print their own keys as columns.
   */
  report(rows: ReportRow[], title?: string): void;
  /** Progress line on stderr (keeps stdout to the tables). */
  log(message: string): void;
}

export interface Scenario {
  /** Used by `--only`; kebab-case. */
  name: string;
  description: string;
  /** Extra `--flag value` options this scenario reads from `ctx.flags.extra`, with their help text. */
  flags?: Record<string, string>;
  run(ctx: BenchContext): Promise<void>;
}
