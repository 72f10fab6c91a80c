import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { ObjectStorage } from '../../platform/storage/object-storage.js';
import { workRootOf } from './work-dir.js';

/**
 * A write still under way touches its file at least this often: an upload's body arrives in
 * chunks (nginx drops a body idle for 20 s), a rendition job writes its output as it encodes.
 * Untouched for longer, a temp file, a job's work folder or a `.part` file belongs to a process
 * that was killed, even when several processes share DATA_DIR (the compose volume).
 */
export const STALE_WRITE_MS = 10 * 60_000;

/** The newest modification time of a file, or of anything under a folder. */
async function lastTouched(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return Date.now(); // gone meanwhile: nothing to do
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of await fs.readdir(entry).catch(() => [] as string[])) {
    newest = Math.max(newest, await lastTouched(path.join(entry, name)));
  }
  return newest;
}

/**
 * At start, removes what a killed process left half-written: upload temp files (DATA_DIR/tmp),
 * job work folders (DATA_DIR/work) and `.part` files of the local object storage, once nothing
 * has touched them for STALE_WRITE_MS; a write still going on elsewhere keeps its files.
 */
@Injectable()
export class StaleWrites implements OnApplicationBootstrap {
  private readonly logger = new Logger('StaleWrites');

  constructor(
    private readonly config: AppConfig,
    private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const cutoff = Date.now() - STALE_WRITE_MS;
    const removed =
      (await this.removeUntouched(path.join(this.config.dataDir, 'tmp'), cutoff, 'upload-')) +
      (await this.removeUntouched(workRootOf(this.config.dataDir), cutoff)) +
      (await this.storage.removeIncomplete(new Date(cutoff)).catch((err: Error) => {
        this.logger.warn({ msg: 'Unfinished storage writes could not be checked', err });
        return 0;
      }));
    if (removed) this.logger.log({ msg: `Removed ${removed} half-written file(s) a stopped process left`, removed });
  }

  private async removeUntouched(dir: string, cutoff: number, prefix = ''): Promise<number> {
    let removed = 0;
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (!name.startsWith(prefix)) continue;
      const entry = path.join(dir, name);
      if ((await lastTouched(entry)) >= cutoff) continue;
      await fs.rm(entry, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}
