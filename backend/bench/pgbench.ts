import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { onPath, runWithScript } from './external-tool.js';

/** pgbench on PATH, else Debian's /usr/lib/postgresql/<version>/bin (newest first); null when absent. */
export function findPgbench(): string | null {
  const found = onPath('pgbench');
  if (found) return found;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', 'pgbench');
    if (existsSync(bin)) return bin;
  }
  return null;
}

export interface PgbenchResult {
  /** Script runs per second (each run = every statement of the script). */
  tps: number;
  latencyMs: number;
  transactions: number;
  failed: number;
}

/** A positional statement ($1, $2 ...) as pgbench script text with :variables in their place. */
export const withVariables = (sql: string, names: string[]) =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `:${names[Number(n) - 1]}`).trim() + ';';

/**
 * Runs pgbench with a custom script (-M prepared, as the API's named statements), `clients`
 * connections for `seconds`, and answers its rate. The script runs as written: no vacuum of
 * pgbench's own tables (-n), none exist.
 */
export async function runPgbench(options: {
  bin: string;
  databaseUrl: string;
  script: string;
  scriptFile: string;
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    String(Math.min(options.clients, 2)),
    '-T',
    String(options.seconds),
    '-f',
    options.scriptFile,
    options.databaseUrl,
  ];
  const out = await runWithScript(options.bin, args, options.script, options.scriptFile);
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  return {
    tps: num(/^tps = ([\d.]+)/m),
    latencyMs: num(/^latency average = ([\d.]+) ms/m),
    transactions: num(/^number of transactions actually processed: (\d+)/m),
    failed: num(/^number of failed transactions: (\d+)/m) || 0,
  };
}
