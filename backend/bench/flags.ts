export interface BenchFlags {
  /** Media rows in the main database. */
  media: number;
  /** Votes in the main database (probe users' votes included). */
  votes: number;
  /** Media rows in the small database of the table-size comparison. */
  compareMedia: number;
  /** Databases seeded anew (same shape) on which the random pick is measured again; 0 = none. */
  freshDbs: number;
  /** Seconds per measurement (after a 1 s warm-up). */
  duration: number;
  connections: number;
  quick: boolean;
  /** Scenario names to run; empty = all. */
  only: string[];
  /** Keep the bench databases instead of dropping them (to EXPLAIN by hand afterwards). */
  keepDb: boolean;
  /** PostgreSQL server the bench creates its databases on. */
  databaseUrl: string;
  help: boolean;
  /** Values of the flags that scenarios declare for themselves. */
  extra: Record<string, string>;
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const USAGE = `Usage: npm run bench -- [options]

Seeds a fresh PostgreSQL database, starts the built API on it and measures it with autocannon.

  --media N         media rows in the main database (default 1M)
  --votes N         votes in the main database (default 10M)
  --compare-media N media rows of the second database for the table-size comparison (default media/10)
  --fresh-dbs N     databases seeded anew on which the random pick is measured again (default 3; 0 = none)
  --duration S      seconds per measurement, after a 1 s warm-up (default 10)
  --connections N   concurrent connections (default 10)
  --quick           smoke test: 10k media, 100k votes, 3 s per measurement
  --only a,b        run only these scenarios (names below)
  --keep-db         keep the bench databases (their names are printed)
  --database-url U  PostgreSQL server to create the bench databases on
                    (default $DATABASE_URL, else ${DEFAULT_DATABASE_URL})
  --help            this text

N accepts 10000, 10_000, 10k or 1M. BENCH_API_NODE_ARGS in the environment passes Node flags to
the API processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them.
The vote is also measured with wrk (Debian package wrk) when it is installed.`;

/** "100k" → 100000, "1M" → 1000000, "1_000" → 1000. */
function count(name: string, raw: string, min: number): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(raw.replace(/_/g, ''));
  const n = m ? Math.round(Number(m[1]) * (m[2] ? (m[2].toLowerCase() === 'k' ? 1e3 : 1e6) : 1)) : NaN;
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${raw}")`);
  return n;
}

/** Parses `--name value`, `--name=value` and boolean switches; unknown flags are errors. */
export function parseFlags(
  argv: string[],
  env: Record<string, string | undefined>,
  scenarioFlags: string[],
): BenchFlags {
  const values = new Map<string, string>();
  const switches = new Set(['quick', 'keep-db', 'help']);
  const valued = new Set([
    'media',
    'votes',
    'compare-media',
    'fresh-dbs',
    'duration',
    'connections',
    'only',
    'database-url',
    ...scenarioFlags,
  ]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unexpected argument "${arg}"`);
    const name = m[1]!;
    if (switches.has(name)) {
      if (m[2] !== undefined) throw new Error(`--${name} takes no value`);
      values.set(name, 'true');
    } else if (valued.has(name)) {
      const value = m[2] ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      values.set(name, value);
    } else {
      throw new Error(`Unknown flag --${name}`);
    }
  }

  const quick = values.has('quick');
  const media = values.has('media') ? count('media', values.get('media')!, 100) : quick ? 10_000 : 1_000_000;
  const votes = values.has('votes') ? count('votes', values.get('votes')!, 0) : quick ? 100_000 : 10_000_000;
  const compareMedia = values.has('compare-media')
    ? count('compare-media', values.get('compare-media')!, 100)
    : Math.max(100, Math.round(media / 10));
  const extra: Record<string, string> = {};
  for (const name of scenarioFlags) if (values.has(name)) extra[name] = values.get(name)!;
  const databaseUrl = values.get('database-url') ?? env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error(`--database-url must be a postgres:// URL (got "${databaseUrl}")`);
  return {
    media,
    votes,
    compareMedia,
    freshDbs: values.has('fresh-dbs') ? count('fresh-dbs', values.get('fresh-dbs')!, 0) : 3,
    duration: values.has('duration') ? count('duration', values.get('duration')!, 1) : quick ? 3 : 10,
    connections: values.has('connections') ? count('connections', values.get('connections')!, 1) : 10,
    quick,
    only: (values.get('only') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    keepDb: values.has('keep-db'),
    databaseUrl,
    help: values.has('help'),
    extra,
  };
}
