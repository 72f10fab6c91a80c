import { fileTypeFromBuffer } from 'file-type';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppConfig } from '../../../config/env.js';
import { DomainError } from '../../../platform/domain-error.js';
import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted } from '../../../platform/jobs/job-queue.js';
import { ObjectStorage } from '../../../platform/storage/object-storage.js';
import { isRenditionKey } from '../../media/domain/renditions.js';
import { isQuarantinedKey } from '../../../platform/storage/object-transfer.js';
import { type AcceptedType, acceptUpload, nameExtension, SNIFF_BYTES } from '../../media/domain/upload-policy.js';
import { OriginalCleaner } from '../../media/original-cleaner.js';
import { RenditionService } from '../../media/renditions/rendition.service.js';
import { workRootOf } from '../../media/work-dir.js';
import { SystemUsers } from '../../users/system-users.js';
import { BucketMediaRepository, type ImportCheckpoint, type ImportedObject } from '../bucket-media.repository.js';
import type { BucketFile } from '../domain/duplicates.js';
import { IMPORT_BATCH, importedName, isImportCandidate } from '../domain/import-policy.js';

export interface ImportResult {
  imported: number;
  skipped: number;
  errors: number;
  totalFiles: number;
}

/**
 * Media rows for every bucket object of an allowed type not yet in the database, owned by the
 * BucketImport system user. Each object is cleaned like an upload before its row exists: an
 * image or video holding metadata (GPS, camera, dates) is written back without it, so nothing
 * imported is ever served with it; then its renditions are queued. Keys are walked in order and
 * each batch commits its rows with the position reached, so a killed worker resumes after the
 * last batch: nothing imported twice, counts carried over (cleaning twice changes nothing).
 * Already-present keys and renditions are skipped, so running it again is harmless.
 */
@OnJob('import-media')
export class ImportMediaJob implements JobHandler<Record<string, never>, ImportResult> {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly media: BucketMediaRepository,
    private readonly users: SystemUsers,
    private readonly cleaner: OriginalCleaner,
    private readonly renditions: RenditionService,
    private readonly config: AppConfig,
  ) {}

  async run(_payload: Record<string, never>, ctx: JobContext): Promise<ImportResult> {
    const files: BucketFile[] = [];
    for await (const f of this.storage.list()) if (!isRenditionKey(f.key) && !isQuarantinedKey(f.key)) files.push(f);
    // our own order (not the store's) so a resumed attempt agrees with the checkpoint
    files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const totalFiles = files.length;

    let cp: ImportCheckpoint = (await this.media.checkpoint(ctx.jobId)) ?? {
      afterKey: null,
      imported: 0,
      skipped: 0,
      errors: 0,
    };
    const remaining = cp.afterKey === null ? files : files.filter((f) => f.key > cp.afterKey!);
    const ownerId = await this.users.importOwnerId();
    const report = () => {
      const done = cp.imported + cp.skipped + cp.errors;
      return ctx.progress({
        percent: totalFiles ? (100 * Math.min(done, totalFiles)) / totalFiles : 100,
        totalFiles,
        imported: cp.imported,
        skipped: cp.skipped,
        errors: cp.errors,
      });
    };
    await report();

    for (let i = 0; i < remaining.length; i += IMPORT_BATCH) {
      if (ctx.signal.aborted) throw new JobInterrupted();
      const batch = remaining.slice(i, i + IMPORT_BATCH);
      const candidates = batch.filter((f) => isImportCandidate(nameExtension(f.key)));
      const existing = await this.media.existingKeys(candidates.map((f) => f.key));
      let skipped = batch.length - candidates.length + existing.size;
      let errors = 0;
      const rows: ImportedObject[] = [];
      for (const f of candidates) {
        if (existing.has(f.key)) continue;
        const outcome = await this.inspect(f);
        if (outcome === 'skip') skipped++;
        else if (outcome === 'error') errors++;
        else rows.push(outcome);
      }
      const base = cp;
      let insertedIds: number[] = [];
      cp = await this.media.importBatch(ctx.jobId, ownerId, rows, (ids) => {
        insertedIds = ids;
        return {
          afterKey: batch[batch.length - 1]!.key,
          imported: base.imported + ids.length,
          // rows someone else inserted meanwhile (an upload under the same key) count as skipped
          skipped: base.skipped + skipped + rows.length - ids.length,
          errors: base.errors + errors,
        };
      });
      for (const id of insertedIds) await this.renditions.request(id, ownerId);
      await report();
    }
    return { imported: cp.imported, skipped: cp.skipped, errors: cp.errors, totalFiles };
  }

  /**
   * The media row for an object, 'skip' when it is not media, 'error' when it cannot be read or
   * lies about its type. The object is read whole into a temp file, checked and cleaned like an
   * upload, and written back when cleaning changed it.
   */
  private async inspect(f: BucketFile): Promise<ImportedObject | 'skip' | 'error'> {
    if (f.size === 0) return 'error';
    let head: Buffer;
    try {
      const { stream } = await this.storage.get(f.key, { start: 0, end: Math.min(f.size, SNIFF_BYTES) - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      head = Buffer.concat(chunks);
    } catch {
      return 'error';
    }
    const hasExtension = nameExtension(f.key) !== null;
    let type: AcceptedType;
    try {
      type = acceptUpload(await fileTypeFromBuffer(head), f.key);
    } catch (err) {
      if (!(err instanceof DomainError)) return 'error';
      // a file named like media that is not is an error; a nameless non-media blob is just not ours
      return hasExtension ? 'error' : 'skip';
    }
    const work = path.join(workRootOf(this.config.dataDir), `import-${randomUUID()}`);
    await fs.mkdir(work, { recursive: true });
    try {
      const original = path.join(work, 'original');
      const { stream } = await this.storage.get(f.key);
      await pipeline(stream, createWriteStream(original));
      let cleaned = original;
      let size = f.size;
      let facts: { width: number; height: number; placeholder: string } | null = null;
      let changed: boolean;
      if (type.kind === 'image') {
        cleaned = path.join(work, 'clean');
        const image = await this.cleaner.image(original, type, cleaned);
        ({ size, changed, facts } = image);
      } else {
        changed = await this.cleaner.video(original);
      }
      if (changed) await this.storage.put(f.key, createReadStream(cleaned), type.mimeType, size);
      return {
        storageKey: f.key,
        originalName: importedName(f.key),
        mimeType: type.mimeType,
        size,
        uploadedAt: f.lastModified,
        width: facts?.width ?? null,
        height: facts?.height ?? null,
        placeholder: facts?.placeholder ?? null,
      };
    } catch (err) {
      if (err instanceof DomainError) return 'error'; // unreadable, not a playable MP4, past the pixel budgets
      throw err; // storage or disk trouble: the job retries from its checkpoint
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}
