import type { DataSource } from 'typeorm';
import { type BuildInfo, buildInfo } from '../build-info.js';

/**
 * A release started on a database a newer release has migrated: it would take uploads, votes and
 * accounts in the old shape, rows the newer release then lacks its own work for. Thrown before
 * anything is written; the process exits with it.
 */
export class SchemaNewerThanReleaseError extends Error {
  override readonly name = 'SchemaNewerThanReleaseError';
}

const isoDay = (timestamp: number) => new Date(timestamp).toISOString().slice(0, 10);

/**
 * Refuses a database whose applied migrations this release does not know, naming the database's
 * schema version (its newest migration, and the release that applied it when recorded), this
 * release's, and the way back. Reads only: run it before the migrations and the SQL files.
 */
export async function refuseNewerSchema(ds: DataSource, release: BuildInfo = buildInfo): Promise<void> {
  const [{ exists }] = (await ds.query(`SELECT to_regclass('migrations') IS NOT NULL AS exists`)) as [
    { exists: boolean },
  ];
  if (!exists) return; // a new database
  const known = new Set(ds.migrations.map((m) => m.name));
  const applied = (await ds.query(`SELECT name, timestamp::bigint AS ts FROM migrations ORDER BY timestamp, id`)) as {
    name: string;
    ts: string;
  }[];
  const unknown = applied.filter((m) => !known.has(m.name));
  if (unknown.length === 0) return;

  const newest = applied.at(-1)!;
  const by = await migratedBy(ds);
  const ours = ds.migrations.at(-1)?.name ?? 'none';
  throw new SchemaNewerThanReleaseError(
    `Refusing to start: the database's schema is newer than this release. ` +
      `The database is at migration ${newest.name} (${isoDay(Number(newest.ts))})${by}; ` +
      `this release, ${release.version} (commit ${release.commit}), knows migrations up to ${ours} and not ` +
      `${unknown.length === 1 ? 'that one' : `these ${unknown.length}: ${unknown.map((m) => m.name).join(', ')}`}. ` +
      `Nothing was written. To go back to this release, restore the backup taken before the upgrade ` +
      `(scripts/restore <backup folder>, README "Backups, restores and upgrades": Rollback); ` +
      `to keep the newer data, run the newer release again.`,
  );
}

/** ", migrated by release X (commit Y) on DAY" when the newer release recorded itself. */
async function migratedBy(ds: DataSource): Promise<string> {
  const [{ exists }] = (await ds.query(`SELECT to_regclass('schema_releases') IS NOT NULL AS exists`)) as [
    { exists: boolean },
  ];
  if (!exists) return '';
  const [last] = (await ds.query(
    `SELECT version, commit, migrated_at FROM schema_releases ORDER BY migrated_at DESC, id DESC LIMIT 1`,
  )) as { version: string; commit: string; migrated_at: Date }[];
  return last ? `, migrated by release ${last.version} (commit ${last.commit}) on ${isoDay(+last.migrated_at)}` : '';
}

/** Notes which release applied migrations (read back by the guard of an older release). */
export async function recordRelease(ds: DataSource, release: BuildInfo = buildInfo): Promise<void> {
  await ds.query(`INSERT INTO schema_releases (version, commit, newest_migration) VALUES ($1, $2, $3)`, [
    release.version.slice(0, 64),
    release.commit.slice(0, 64),
    ds.migrations.at(-1)?.name ?? '',
  ]);
}
