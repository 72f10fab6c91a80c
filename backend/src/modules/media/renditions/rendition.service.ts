import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppConfig } from '../../../config/env.js';
import { ConcurrencyGate } from '../../../platform/concurrency-gate.js';
import { DomainError } from '../../../platform/domain-error.js';
import { JobQueue } from '../../../platform/jobs/job-queue.js';
import { ObjectNotFoundError, ObjectStorage } from '../../../platform/storage/object-storage.js';
import type { Media } from '../domain/media.js';
import {
  type RenditionFile,
  renditionFiles,
  type RenditionKind,
  renditionKey,
  type Renditions,
  renditionsCurrent,
  RENDITIONS_VERSION,
} from '../domain/renditions.js';
import { acceptedTypeOf } from '../domain/upload-policy.js';
import { MediaRepository } from '../media.repository.js';
import { OriginalCleaner } from '../original-cleaner.js';
import { workRootOf } from '../work-dir.js';
import { type MadeFile, RenditionMaker, UnrenderableMediaError } from './rendition-maker.js';
import { killAllTools, reapOrphanTools, ToolMissingError } from './infrastructure/run-tool.js';
import { toolPidDirOf } from '../video-budget.js';

/** While an item is being made, how often the maker looks whether it was deleted (by any process). */
const GONE_CHECK_MS = 2_000;

export const MAKE_RENDITIONS = 'make-renditions' as const;

export type RenditionOutcome = 'made' | 'already-made' | 'unrenderable' | 'gone';

const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * Makes and stores the renditions of one media item, for the job that follows an upload or an
 * import and for the backfill. One item at a time per process (the gate): sharp and ffmpeg take
 * a core each, and visitors' requests need the other. Idempotent: files are named by content,
 * so a retry after a crash stores the same keys again, and the row is written last.
 */
@Injectable()
export class RenditionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Renditions');
  private readonly gate: ConcurrencyGate;
  private readonly workRoot: string;
  private readonly pidDir: string;
  private warnedMissingTool = false;
  /** the items being made here now: aborted when deleted, and all at shutdown */
  private readonly making = new Map<number, AbortController>();

  constructor(
    private readonly media: MediaRepository,
    private readonly storage: ObjectStorage,
    private readonly maker: RenditionMaker,
    private readonly jobs: JobQueue,
    private readonly cleaner: OriginalCleaner,
    config: AppConfig,
  ) {
    this.gate = new ConcurrencyGate(config.renditionConcurrency ?? 1);
    this.workRoot = workRootOf(config.dataDir);
    this.pidDir = toolPidDirOf(config.dataDir);
  }

  /**
   * The start-up reaper: tools a dead process of this host left running are killed (the kernel's
   * parent-death signal should have done it; RLIMIT_CPU ends them anyway), and its work folders go.
   */
  onModuleInit(): void {
    const killed = reapOrphanTools(this.pidDir);
    if (killed) this.logger.warn(`Killed ${killed} media tool(s) left running by a process that died`);
    let names: string[] = [];
    try {
      names = readdirSync(this.workRoot);
    } catch {
      // no work folder yet
    }
    for (const name of names) {
      const m = /^renditions-(.+)-(\d+)-[0-9a-f-]{36}$/.exec(name);
      if (!m || m[1] !== os.hostname()) continue;
      const owner = Number(m[2]);
      if (owner === process.pid || !processAlive(owner))
        rmSync(path.join(this.workRoot, name), { recursive: true, force: true });
    }
  }

  /** Shutdown: every tool stops now; its job is interrupted (back to the queue), not failed. */
  onApplicationShutdown(): void {
    for (const c of this.making.values()) c.abort();
    killAllTools();
  }

  /** The item was deleted: the tool making it (in this process) stops at once. */
  cancel(mediaId: number): void {
    this.making.get(mediaId)?.abort();
  }

  /**
   * Queues the item's renditions, behind the items still waiting from the same owner or the same
   * network (priority n for the n-th; `network` is the uploader's /24 or /48, uploaderNetwork()),
   * so a flood from one visitor, from many sessions or addresses of one network, or a bucket
   * import never holds back another visitor's first upload: the queue serves every uploader's and
   * network's n-th item before anyone's n+1-th (round-robin by priority, oldest first within one). A queue that is down (Redis) only delays them: the item is shown by
   * its original and the backfill job makes them later, so an upload never fails here.
   */
  async request(mediaId: number, ownerId: number, network: string | null = null): Promise<void> {
    try {
      const waiting = await this.media.pendingRenditionsOf(ownerId, network);
      await this.jobs.enqueue(
        MAKE_RENDITIONS,
        { mediaId },
        { jobId: `${MAKE_RENDITIONS}-${mediaId}`, transient: true, priority: Math.max(1, waiting) },
      );
    } catch (err) {
      this.logger.warn(
        `Renditions of media ${mediaId} not queued (the backfill will make them): ${(err as Error).message}`,
      );
    }
  }

  /** Makes the item's renditions unless it has them (or `again`); answers what happened. */
  make(
    mediaId: number,
    { again = false, signal }: { again?: boolean; signal?: AbortSignal } = {},
  ): Promise<RenditionOutcome> {
    return this.gate.run(async () => {
      const item = await this.media.findById(mediaId);
      if (!item) return 'gone';
      if (renditionsCurrent(item) && !again) return 'already-made';
      // named for its owner, so the start-up reaper knows a dead process's folders
      const work = path.join(this.workRoot, `renditions-${os.hostname()}-${process.pid}-${randomUUID()}`);
      await fs.mkdir(work, { recursive: true });
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.making.set(mediaId, stop);
      // deleted meanwhile, perhaps by another process: the tool is stopped, nothing is stored
      let deleted = false;
      const watch = setInterval(() => {
        this.media.findById(mediaId).then(
          (row) => {
            if (!row) {
              deleted = true;
              stop.abort();
            }
          },
          () => undefined,
        );
      }, GONE_CHECK_MS);
      try {
        return await this.makeIn(work, item, stop.signal);
      } catch (err) {
        if (deleted || (stop.signal.aborted && !signal?.aborted && !(await this.media.findById(mediaId))))
          return 'gone';
        throw err;
      } finally {
        clearInterval(watch);
        this.making.delete(mediaId);
        signal?.removeEventListener('abort', onAbort);
        await fs.rm(work, { recursive: true, force: true });
      }
    });
  }

  private async makeIn(work: string, item: Media, signal?: AbortSignal): Promise<RenditionOutcome> {
    let original = path.join(work, 'original');
    const outdated = item.renditionsVersion < RENDITIONS_VERSION;
    let recleaned: { size: number } | null = null;
    let made;
    try {
      const { stream } = await this.storage.get(item.storageKey).catch((err: unknown) => {
        if (err instanceof ObjectNotFoundError) throw new UnrenderableMediaError('The original file is missing');
        throw err;
      });
      await pipeline(stream, createWriteStream(original));
      if (outdated) {
        // an older pipeline stored it (or a fresh upload, already clean: nothing changes): clean it
        // again with today's cleaner before anything is made of it
        const clean = await this.cleanAgain(item, original, path.join(work, 'clean'));
        original = clean.path;
        recleaned = clean.changed ? { size: clean.size } : null;
      }
      made = item.mimeType.startsWith('video/')
        ? await this.maker.video(original, work, signal)
        : await this.maker.image(original, work, item.mimeType === 'image/gif' || item.mimeType === 'image/webp');
    } catch (err) {
      if (!(err instanceof UnrenderableMediaError) && !(err instanceof ToolMissingError)) throw err;
      if (err instanceof ToolMissingError && !this.warnedMissingTool) {
        this.warnedMissingTool = true;
        this.logger.warn(`${err.message}: videos are shown by their (metadata-free) originals`);
      }
      this.logger.warn(`No renditions for media ${item.id}: ${err.message}`);
      // files an older pipeline made (a remux that kept the SEI) are not served any longer
      const dropped = await this.media.renditionsFailed(item.id, err.message, RENDITIONS_VERSION, outdated);
      if (recleaned) await this.storeOriginal(item, original, recleaned.size);
      await this.remove(renditionFiles(dropped));
      return 'unrenderable';
    }
    if (recleaned) await this.storeOriginal(item, original, recleaned.size);

    const files: Array<[RenditionKind, MadeFile]> = [
      ['thumb', made.thumb],
      ['preview', made.preview],
      ...(made.full ? [['full', made.full] as [RenditionKind, MadeFile]] : []),
      ...(made.playback ? [['playback', made.playback] as [RenditionKind, MadeFile]] : []),
    ];
    const renditions: Renditions = {};
    for (const [kind, file] of files) {
      const bytes = (await fs.stat(file.path)).size;
      const key = renditionKey(item.storageKey, kind, await sha256Of(file.path), file.ext);
      renditions[kind] = {
        key,
        mimeType: file.mimeType,
        width: file.width,
        height: file.height,
        bytes,
        ...(file.animated && { animated: true }),
      };
    }
    const stored = renditionFiles(renditions);
    // noted before they exist: a crash between storing them and the row naming them leaves them to the sweep
    await this.media.expectObjects(stored.map((f) => f.key));
    for (const [kind, file] of files) {
      const r = renditions[kind]!;
      await this.storage.put(r.key, createReadStream(file.path), r.mimeType, r.bytes);
    }
    const replaced = await this.media.saveRenditions(item.id, item.storageKey, {
      version: RENDITIONS_VERSION,
      width: made.width,
      height: made.height,
      placeholder: made.placeholder,
      renditions,
    });
    // the row went while they were made (deleted): its renditions go too
    const stale =
      replaced === null ? stored : renditionFiles(replaced).filter((f) => !stored.some((s) => s.key === f.key));
    await this.remove(stale);
    return replaced === null ? 'gone' : 'made';
  }

  /**
   * The original cleaned by the current cleaner (MP4: in place; pictures: into `target`); a file
   * it refuses (no longer a playable MP4, past the pixel budgets) cannot be rendered.
   */
  private async cleanAgain(
    item: Media,
    original: string,
    target: string,
  ): Promise<{ path: string; changed: boolean; size: number }> {
    const type = acceptedTypeOf(item.mimeType);
    if (!type) throw new UnrenderableMediaError(`Unknown media type ${item.mimeType}`);
    try {
      if (type.kind === 'video') {
        const changed = await this.cleaner.video(original);
        return { path: original, changed, size: (await fs.stat(original)).size };
      }
      const { size, changed } = await this.cleaner.image(original, type, target);
      return { path: target, changed, size };
    } catch (err) {
      if (err instanceof DomainError) throw new UnrenderableMediaError(err.message);
      throw err;
    }
  }

  /**
   * Stores the original cleaned again under its own key (its URL stays). Noted first: when the row
   * is deleted meanwhile, the sweep removes what this put back (a row still holding the key keeps it).
   */
  private async storeOriginal(item: Media, file: string, size: number): Promise<void> {
    await this.media.expectObjects([item.storageKey]);
    await this.storage.put(item.storageKey, createReadStream(file), item.mimeType, size);
    await this.media.originalRecleaned(item.id, item.storageKey, size);
    this.logger.log(`Original of media ${item.id} cleaned again (${size} bytes)`);
  }

  /** Deletes rendition files; one storage refuses stays noted in orphan_objects for the sweep. */
  async remove(files: readonly RenditionFile[]): Promise<void> {
    for (const f of files) {
      try {
        await this.storage.delete(f.key);
        await this.media.objectSettled(f.key);
      } catch (err) {
        this.logger.warn(`Rendition ${f.key} could not be deleted yet: ${(err as Error).message}`);
      }
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
