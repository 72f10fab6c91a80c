import path from 'node:path';
import pg from 'pg';
import { loadConfigOrExit } from './config/env.js';
import { originalKeyOf } from './modules/media/domain/renditions.js';
import { LocalObjectStorage } from './platform/storage/local-object-storage.js';
import type { ObjectStorage } from './platform/storage/object-storage.js';
import { copyObjects, quarantineStrays, type TransferTally } from './platform/storage/object-transfer.js';
import { createObjectStorage } from './platform/storage/storage.module.js';
import { S3ObjectStorage } from './platform/storage/s3-object-storage.js';

const USAGE = `Usage (with the app's settings in the environment: S3_* or DATA_DIR, DATABASE_URL):
  node backend/dist/objects.js export <folder>   copy every stored object into <folder> (backup)
  node backend/dist/objects.js import <folder>   copy <folder>'s objects into the storage (restore)
  node backend/dist/objects.js quarantine        move objects no media row names to quarantine/<time>/
  node backend/dist/objects.js copy-from-s3      copy every object of FROM_S3_BUCKET at FROM_S3_ENDPOINT
                                                 (FROM_S3_ACCESS_KEY_ID, FROM_S3_SECRET_ACCESS_KEY,
                                                 FROM_S3_REGION) into the storage: the MinIO move
Objects already there with the same size are skipped, so a command can be run again after an interruption.`;

/** The keys of `keys` a media row names: as its original or as one of its renditions. */
async function keysInUse(db: pg.Client, keys: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT t.k AS key FROM unnest($1::text[], $2::text[]) AS t(k, original)
      WHERE EXISTS (SELECT 1 FROM media WHERE storage_key = t.k)
         OR EXISTS (SELECT 1 FROM media m, jsonb_each(COALESCE(m.renditions, '{}'::jsonb)) f
                     WHERE m.storage_key = t.original AND f.value ->> 'key' = t.k)`,
    [keys, keys.map(originalKeyOf)],
  );
  return new Set(rows.map((r) => r.key));
}

const report = (what: string, t: TransferTally) =>
  console.log(`${what}: ${t.copied} copied (${(t.bytes / 1e6).toFixed(1)} MB), ${t.skipped} already there`);

/**
 * The object half of the backup, restore and upgrade procedures in the README (the database half
 * is pg_dump / pg_restore). Runs in the app's image with the app's settings, so the storage it
 * reads and writes is exactly the one the app uses.
 */
async function main(args: string[]): Promise<number> {
  const [command, folder] = args;
  const config = loadConfigOrExit();
  const storage: ObjectStorage = createObjectStorage(config);
  const progress = (t: TransferTally) => console.log(`… ${t.copied} copied, ${t.skipped} already there`);
  try {
    switch (command) {
      case 'export':
      case 'import': {
        if (!folder) break;
        const dir = new LocalObjectStorage(path.resolve(folder));
        const [from, to] = command === 'export' ? [storage, dir] : [dir, storage];
        report(command === 'export' ? 'Exported' : 'Imported', await copyObjects(from, to, { onProgress: progress }));
        return 0;
      }
      case 'copy-from-s3': {
        const bucket = process.env.FROM_S3_BUCKET;
        if (!bucket) {
          console.error(
            'copy-from-s3 needs FROM_S3_BUCKET (and FROM_S3_ENDPOINT, FROM_S3_ACCESS_KEY_ID, FROM_S3_SECRET_ACCESS_KEY)',
          );
          return 2;
        }
        const source = new S3ObjectStorage({
          bucket,
          endpoint: process.env.FROM_S3_ENDPOINT,
          region: process.env.FROM_S3_REGION ?? 'us-east-1',
          accessKeyId: process.env.FROM_S3_ACCESS_KEY_ID,
          secretAccessKey: process.env.FROM_S3_SECRET_ACCESS_KEY,
        });
        try {
          report(`Copied from ${bucket}`, await copyObjects(source, storage, { onProgress: progress }));
        } finally {
          source.destroy();
        }
        return 0;
      }
      case 'quarantine': {
        if (!config.databaseUrl) {
          console.error('quarantine needs DATABASE_URL: it asks the database which objects its rows name');
          return 2;
        }
        const db = new pg.Client({ connectionString: config.databaseUrl });
        await db.connect();
        try {
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          const moved = await quarantineStrays(storage, (keys) => keysInUse(db, keys), stamp);
          console.log(`Quarantined ${moved.length} object(s) no row names, under quarantine/${stamp}/`);
          for (const key of moved.slice(0, 20)) console.log(`  ${key}`);
        } finally {
          await db.end();
        }
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } finally {
    if (storage instanceof S3ObjectStorage) storage.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((err: Error) => {
  console.error(`objects: ${err.message}`);
  return 1;
});
