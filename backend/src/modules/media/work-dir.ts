import fs from 'node:fs/promises';
import path from 'node:path';

/** Where background work (renditions, imports) unpacks files: apart from upload temp files. */
export const workRootOf = (dataDir: string): string => path.join(dataDir, 'work');

/**
 * Removes entries of `dir` older than `olderThanMs` (what a killed process left behind; anything
 * that old belongs to no live job). Answers how many went.
 */
export async function removeStaleEntries(dir: string, olderThanMs: number, prefix = ''): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(prefix))) {
    const entry = path.join(dir, name);
    const stat = await fs.stat(entry).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) {
      await fs.rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
