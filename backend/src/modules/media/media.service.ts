import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { AppConfig } from '../../config/env.js';
import { Budget, type Receipt } from '../../platform/budget/budget.js';
import { conflict, forbidden, notFound } from '../../platform/domain-error.js';
import { ObjectStorage } from '../../platform/storage/object-storage.js';
import type { Media, OwnMedia } from './domain/media.js';
import { originalKeyOf, renditionFiles } from './domain/renditions.js';
import { type ReceivedFile, sanitizeOriginalName, storageKeyFor } from './domain/upload-policy.js';
import { type ImageFacts, ImageProbe } from './image-probe.js';
import { type DeleteAudit, MediaRepository } from './media.repository.js';
import { OriginalCleaner } from './original-cleaner.js';
import { RenditionService } from './renditions/rendition.service.js';
import { UploadGate } from './upload-gate.js';
import { uploadCharges } from './upload-quota.js';
import { VideoBudget } from './video-budget.js';
import { uploaderNetwork } from '../../platform/budget/client-network.js';

/** Who is uploading, for the fair share of upload work, and whether they are still there. */
export interface UploadContext {
  address: string;
  /** the address's network, as the per-address quotas count it */
  network: string;
  /** aborted when the client goes away: the upload is dropped, nothing stored */
  signal?: AbortSignal;
  /** the client's Idempotency-Key, when it sent one */
  uploadKey?: string | null;
}

export type RandomPick = { kind: 'item'; media: Media } | { kind: 'empty' } | { kind: 'all-rated' };

export const ALL_RATED_MESSAGE = 'You have rated all the media we have right now - check back soon for more!';

/** Older than this, a noted object or a `.part` file belongs to no write still under way. */
export const ORPHAN_GRACE_MS = 3600_000;

/** Stored objects are deleted a few at a time after the rows: quick on S3, gentle on local disk. */
const OBJECT_DELETE_CONCURRENCY = 8;

@Injectable()
export class MediaService {
  private readonly logger = new Logger('MediaService');

  constructor(
    private readonly media: MediaRepository,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProbe,
    private readonly cleaner: OriginalCleaner,
    private readonly renditions: RenditionService,
    private readonly gate: UploadGate,
    private readonly budget: Budget,
    private readonly config: AppConfig,
    private readonly videos: VideoBudget,
  ) {}

  /**
   * Stores a received upload (type and size checked, an MP4's metadata already blanked in place)
   * under a generated key, records it and queues its renditions. An image is read first (its
   * share of the CPU through the upload gate), then stored without its metadata and without
   * re-encoding: the same pixels, never larger than uploaded. The caller removes `file.path`;
   * anything made here is removed here, and the object goes again if the row cannot be written.
   * With an `uploadKey` (the client's Idempotency-Key) a repeat of an upload the user already
   * made answers that media, stored once, even when both tries race.
   */
  async upload(userId: number, file: ReceivedFile, ctx: UploadContext): Promise<Media> {
    const uploadKey = ctx.uploadKey ?? null;
    if (uploadKey) {
      const earlier = await this.media.findByUploadKey(userId, uploadKey);
      if (earlier) return earlier;
    }
    // the quota is spent before any work and given back when nothing is stored
    const spent: Receipt = await this.budget.spend(
      uploadCharges(this.config.quotas, { userId, network: ctx.network }, file.size),
    );
    const key = storageKeyFor(file.type, randomUUID(), new Date());
    let source = file.path;
    let size = file.size;
    let facts: ImageFacts | null = null;
    const cleanPath = file.type.kind === 'image' ? `${file.path}.clean` : null;
    try {
      if (file.type.kind === 'video') {
        // the header judged before anything is stored or decoded: what no phone makes is refused here
        await this.gate.run([`visitor:${userId}`, `address:${ctx.address}`], ctx.signal, () =>
          this.videos.check(file.path),
        );
      }
      if (cleanPath) {
        facts = await this.gate.run([`visitor:${userId}`, `address:${ctx.address}`], ctx.signal, () =>
          this.images.inspect(file.path, file.type),
        );
        size = (await this.cleaner.writeWithoutMetadata(file.path, file.type, facts, cleanPath)).size;
        source = cleanPath;
      }
      ctx.signal?.throwIfAborted(); // the client left: nothing is stored
      // noted first: if the process dies before the row is written, the sweep removes the object
      await this.media.expectObject(key);
      await this.storage.put(key, createReadStream(source), file.type.mimeType, size);
      // queued behind what waits from the same uploader or the same network (/24, /48), not address
      const network = uploaderNetwork(ctx.address);
      const created = await this.media.create({
        userId,
        storageKey: key,
        originalName: sanitizeOriginalName(file.originalName, file.type),
        mimeType: file.type.mimeType,
        size,
        width: facts?.width,
        height: facts?.height,
        placeholder: facts?.placeholder,
        uploadKey,
        uploadAddress: network,
      });
      if (created) {
        await this.renditions.request(created.id, userId, network);
        return created;
      }
      // another try of the same upload won the race: its row stands, this copy goes
      await this.budget.refund(spent);
      await this.removeObject(key);
      const winner = uploadKey ? await this.media.findByUploadKey(userId, uploadKey) : null;
      if (!winner) throw conflict('This upload was just made and deleted again; choose the file once more');
      return winner;
    } catch (err) {
      await this.budget.refund(spent).catch(() => undefined);
      await this.removeObject(key);
      throw err;
    } finally {
      if (cleanPath) await fs.rm(cleanPath, { force: true });
    }
  }

  /**
   * Deletes a media item: the row first (votes and views cascade), then the stored object.
   * `actingUserId` null means an admin, who may delete anything; a visitor only their own.
   */
  async deleteMedia(mediaId: number, actingUserId: number | null, audit?: DeleteAudit): Promise<Media> {
    const found = await this.media.findById(mediaId);
    if (!found) throw notFound('Media not found');
    if (actingUserId !== null && found.userId !== actingUserId) throw forbidden('You can only delete your own media');
    const [deleted] = await this.media.deleteByIds([mediaId], audit);
    if (!deleted) throw notFound('Media not found'); // a concurrent delete won
    await this.removeObjectsOf(deleted);
    return deleted;
  }

  /**
   * The admin's bulk delete: the rows in one statement (their objects noted), then the objects a
   * few at a time; one storage refuses stays noted for the sweep. Answers the ids deleted. The
   * operator's audit row, when given, is written in the delete's own transaction.
   */
  async deleteMany(ids: readonly number[], audit?: DeleteAudit): Promise<number[]> {
    const gone = await this.media.deleteByIds(ids, audit);
    for (let i = 0; i < gone.length; i += OBJECT_DELETE_CONCURRENCY) {
      await Promise.all(gone.slice(i, i + OBJECT_DELETE_CONCURRENCY).map((m) => this.removeObjectsOf(m)));
    }
    return gone.map((m) => m.id);
  }

  /**
   * Deletes the stored objects noted before `olderThan` that have no row (an upload or a delete
   * a crash or an outage interrupted). Answers how many were removed.
   */
  async sweepOrphans(olderThan: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.media.orphansBefore(olderThan, 100);
      let progressed = false;
      for (const key of keys) {
        // a row took the key after all (an import, a rendition saved): the object is in use, only the note goes
        if (await this.media.keyInUse(key)) {
          await this.media.objectSettled(key);
          progressed = true;
        } else if (await this.removeObject(key)) {
          removed++;
          progressed = true;
        }
      }
      if (keys.length < 100 || !progressed) return removed;
    }
  }

  /**
   * Account deletion's step for uploads: the user's next `limit` items, their files first, then
   * the rows. A kill between the two leaves rows whose files are already gone, which the next run
   * takes again (deleting a missing object is a no-op): never a file without a row to find it by.
   * A storage failure throws before any row goes (the job retries). Answers how many rows went.
   */
  async eraseUploadsOf(userId: number, limit: number): Promise<number> {
    const batch = await this.media.uploadsOf(userId, limit);
    if (!batch.length) return 0;
    const keysOf = (m: Media) => [m.storageKey, ...renditionFiles(m.renditions).map((f) => f.key)];
    for (let i = 0; i < batch.length; i += OBJECT_DELETE_CONCURRENCY) {
      const chunk = batch.slice(i, i + OBJECT_DELETE_CONCURRENCY);
      chunk.forEach((m) => this.renditions.cancel(m.id));
      await Promise.all(chunk.flatMap(keysOf).map((key) => this.storage.delete(key)));
    }
    // the delete notes the row's objects as it always does; those deleted above are gone, so their
    // notes go too (a rendition a job saved meanwhile stays noted, for the sweep)
    const gone = new Set((await this.media.deleteByIds(batch.map((m) => m.id))).map((m) => m.id));
    await this.media.objectsSettled(batch.filter((m) => gone.has(m.id)).flatMap(keysOf));
    return gone.size;
  }

  countUploadsOf(userId: number): Promise<number> {
    return this.media.countUploadsOf(userId);
  }

  /** The original and every rendition of a deleted row. */
  private async removeObjectsOf(m: Media): Promise<void> {
    // a rendition being made of it here stops now (another process's notices within seconds)
    this.renditions.cancel(m.id);
    await this.removeObject(m.storageKey);
    for (const f of renditionFiles(m.renditions)) await this.removeObject(f.key);
  }

  /** Starts a sweep of everything noted before now less the grace period, without waiting (after a reset). */
  sweepOrphansInBackground(): void {
    void this.sweepOrphans(new Date(Date.now() - ORPHAN_GRACE_MS)).catch((err: Error) =>
      this.logger.warn(`Orphan sweep after a reset failed; the hourly sweep will retry: ${err.message}`),
    );
  }

  /** Deletes an object that has (or will have) no row; the note stays for the sweep when storage fails. */
  private async removeObject(key: string): Promise<boolean> {
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.logger.warn(`Object ${key} has no media row and could not be deleted yet: ${(err as Error).message}`);
      return false;
    }
    await this.media.objectSettled(key);
    return true;
  }

  /** Something to rate: never the user's own, never voted; `exclude` holds recently skipped ids. */
  async pickRandom(userId: number, exclude: readonly number[]): Promise<RandomPick> {
    let media = await this.media.findRandomFor(userId, exclude);
    // only skipped items left: show one again rather than claiming everything is rated
    if (!media && exclude.length) media = await this.media.findRandomFor(userId, []);
    if (media) return { kind: 'item', media };
    return (await this.media.existsFromOthers(userId)) ? { kind: 'all-rated' } : { kind: 'empty' };
  }

  findById(mediaId: number): Promise<Media | null> {
    return this.media.findById(mediaId);
  }

  recordView(userId: number, mediaId: number): Promise<boolean> {
    return this.media.recordView(userId, mediaId);
  }

  /** Totals come from the counters on the user's media rows. */
  async statsFor(
    userId: number,
  ): Promise<{ totalUploads: number; totalVotes: number; totalViews: number; media: OwnMedia[] }> {
    const media = await this.media.listByUser(userId);
    return {
      totalUploads: media.length,
      totalVotes: media.reduce((n, m) => n + m.totalVotes, 0),
      totalViews: media.reduce((n, m) => n + m.totalViews, 0),
      media,
    };
  }

  /**
   * What a /media/<key> request serves: the original of a media row, or one of its renditions;
   * 404 for keys no row names.
   */
  async findServable(
    key: string,
  ): Promise<{ media: Media; file: { key: string; mimeType: string; size: number; rendition: boolean } }> {
    const original = originalKeyOf(key);
    const media = await this.media.findByStorageKey(original ?? key);
    if (!media) throw notFound('File not found');
    if (original === null) {
      return { media, file: { key, mimeType: media.mimeType, size: media.size, rendition: false } };
    }
    const found = renditionFiles(media.renditions).find((f) => f.key === key);
    if (!found) throw notFound('File not found');
    return { media, file: { key, mimeType: found.mimeType, size: found.bytes, rendition: true } };
  }
}
