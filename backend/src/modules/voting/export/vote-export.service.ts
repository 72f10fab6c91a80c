import { Injectable, Logger } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { XlsxExportWorker } from './infrastructure/xlsx-export-worker.js';
import { lastKey, type VoteBatch, VoteExportRepository } from './vote-export.repository.js';

export const EXPORT_BATCH = 5000;

const EMPTY: VoteBatch = {
  userIds: new Int32Array(0),
  mediaIds: new Int32Array(0),
  hot: new Uint8Array(0),
  votedAt: new Float64Array(0),
};

/** votes_export_{date}.xlsx (spec §2), dated in UTC. */
export const exportFileName = (now = new Date()) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`;

@Injectable()
export class VoteExportService {
  private readonly logger = new Logger('VoteExport');

  constructor(private readonly votes: VoteExportRepository) {}

  /**
   * Streams every vote as xlsx into `out` and ends it. `start()` runs once the first batch is
   * read, right before the first byte, so a database failure up to then is still an ordinary
   * error answer. This thread only reads batches (the next one while the worker writes the
   * current) and passes bytes on; the spreadsheet work happens in the export worker.
   */
  async export(out: Writable, start: () => void, aborted: () => boolean): Promise<number> {
    let batch = await this.votes.batchAfter(null, EXPORT_BATCH);
    start();
    const worker = await XlsxExportWorker.start(out);
    let next: Promise<VoteBatch> | null = null;
    let sent = 0;
    try {
      while (batch.userIds.length) {
        const size = batch.userIds.length;
        next = size === EXPORT_BATCH ? this.votes.batchAfter(lastKey(batch), EXPORT_BATCH) : null;
        await worker.write(batch); // transfers the buffers: batch is unusable from here
        sent += size;
        if (aborted()) {
          await worker.abort();
          this.logger.warn(`Votes export abandoned by the client after ${sent} rows`);
          return sent;
        }
        batch = next ? await next : EMPTY;
        next = null;
      }
      const rows = await worker.end();
      out.end();
      return rows;
    } catch (err) {
      await worker.abort().catch(() => {});
      throw err;
    } finally {
      // a prefetch left behind by an abort or a failure must not become an unhandled rejection
      next?.catch(() => {});
    }
  }
}
