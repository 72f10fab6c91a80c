import { createHash } from 'node:crypto';
import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted } from '../../../platform/jobs/job-queue.js';
import { isRenditionKey } from '../../media/domain/renditions.js';
import { isQuarantinedKey } from '../../../platform/storage/object-transfer.js';
import { ObjectStorage } from '../../../platform/storage/object-storage.js';
import {
  type BucketFile,
  type DuplicateGroup,
  groupByHash,
  groupByNameSimilarity,
  groupBySize,
  summarize,
} from '../domain/duplicates.js';

export interface DuplicateResult {
  success: boolean;
  provider: string;
  totalFiles: number;
  duplicateGroups: {
    type: DuplicateGroup['type'];
    criteria: string;
    files: { key: string; size: number; lastModified: string }[];
  }[];
  totalDuplicateFiles: number;
  potentialDeletions: number;
  message: string;
}

/**
 * Groups bucket files by identical content (SHA-256, read only for files that share a size),
 * by identical size and by similar names. Read-only, so an interrupted scan simply starts over.
 */
@OnJob('find-duplicates')
export class FindDuplicatesJob implements JobHandler<Record<string, never>, DuplicateResult> {
  constructor(private readonly storage: ObjectStorage) {}

  async run(_payload: Record<string, never>, ctx: JobContext): Promise<DuplicateResult> {
    const files: BucketFile[] = [];
    // renditions are copies made by the app, not files of their own
    for await (const f of this.storage.list()) if (!isRenditionKey(f.key) && !isQuarantinedKey(f.key)) files.push(f);
    const bySize = groupBySize(files);
    const toHash = bySize.flatMap((g) => g.files);
    const hashes = new Map<string, string>();
    await ctx.progress({ percent: 0, totalFiles: files.length, filesToHash: toHash.length, hashed: 0 });
    let lastReport = Date.now();
    for (const [i, f] of toHash.entries()) {
      if (ctx.signal.aborted) throw new JobInterrupted();
      const hash = await this.sha256(f.key);
      if (hash) hashes.set(f.key, hash);
      if (Date.now() - lastReport > 500) {
        lastReport = Date.now();
        await ctx.progress({
          percent: (100 * (i + 1)) / toHash.length,
          totalFiles: files.length,
          filesToHash: toHash.length,
          hashed: i + 1,
        });
      }
    }
    const groups = [...groupByHash(toHash, hashes), ...bySize, ...groupByNameSimilarity(files)];
    const { totalDuplicateFiles, potentialDeletions } = summarize(groups);
    await ctx.progress({ percent: 100, totalFiles: files.length, filesToHash: toHash.length, hashed: toHash.length });
    return {
      success: true,
      provider: this.storage.provider,
      totalFiles: files.length,
      duplicateGroups: groups.map((g) => ({
        type: g.type,
        criteria: g.criteria,
        files: g.files.map((f) => ({ key: f.key, size: f.size, lastModified: f.lastModified.toISOString() })),
      })),
      totalDuplicateFiles,
      potentialDeletions,
      message: groups.length
        ? `Found ${groups.length} duplicate group(s): ${totalDuplicateFiles} files, ${potentialDeletions} could be deleted`
        : `No duplicates among ${files.length} files`,
    };
  }

  /** Null when the object vanished or cannot be read meanwhile: it just joins no content group. */
  private async sha256(key: string): Promise<string | null> {
    try {
      const { stream } = await this.storage.get(key);
      const hash = createHash('sha256');
      for await (const chunk of stream) hash.update(chunk as Uint8Array);
      return hash.digest('hex');
    } catch {
      return null;
    }
  }
}
