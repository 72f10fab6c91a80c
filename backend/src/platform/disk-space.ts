import { statfs } from 'node:fs/promises';

/** Below this free, health says the disk is almost full (uploads are up to 20 MB; PGlite needs ~40 MB to start). */
export const DISK_LOW_BYTES = 256 * 1024 * 1024;
/** PGlite cannot start with less free than about this, and then says only "errno 51". */
const EMBEDDED_DB_NEEDS_BYTES = 64 * 1024 * 1024;

/** Free bytes (for an unprivileged process) and the size of the filesystem holding `dir`. */
export async function diskSpace(dir: string): Promise<{ path: string; freeBytes: number; totalBytes: number }> {
  const s = await statfs(dir);
  return { path: dir, freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/**
 * The embedded database failed to open: when its disk is (nearly) full, say so, instead of
 * PGlite's bare errno. Anything else is answered as it was.
 */
export async function explainEmbeddedStartFailure(err: unknown, dataDir: string): Promise<unknown> {
  let free: number;
  try {
    free = (await diskSpace(dataDir)).freeBytes;
  } catch {
    return err; // the folder itself is the problem; the original error says more
  }
  if (free >= EMBEDDED_DB_NEEDS_BYTES) return err;
  return new Error(
    `Disk full: ${mb(free)} MB free in ${dataDir}; the embedded database needs about 40 MB to start. Free some space (or move DATA_DIR) and start again.`,
    { cause: err },
  );
}
