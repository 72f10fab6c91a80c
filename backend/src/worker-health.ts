import os from 'node:os';
import pg from 'pg';
import { loadConfigOrExit } from './config/env.js';

/**
 * The worker container's healthcheck (docker-compose.yml): exits 0 when a worker on this host
 * (the container's host name) has written its heartbeat within JOBS_LOCK_MS, 1 otherwise. The
 * heartbeat is written only when the database took it, so "healthy" means the worker's loop runs
 * and reaches PostgreSQL; its id starts with the host name (JobsHeartbeat).
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) return 1;
  const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5_000 });
  const timer = setTimeout(() => process.exit(1), 8_000);
  try {
    await client.connect();
    const { rows } = await client.query<{ fresh: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM process_heartbeats
          WHERE id LIKE $1 AND stopped_at IS NULL
            AND seen_at > now() - make_interval(secs => $2::double precision / 1000)) AS fresh`,
      [`${os.hostname().replace(/[\\%_]/g, '\\$&')}:%`, config.jobsLockMs],
    );
    return rows[0]?.fresh ? 0 : 1;
  } catch {
    return 1;
  } finally {
    clearTimeout(timer);
    await client.end().catch(() => undefined);
  }
}

process.exitCode = await main();
