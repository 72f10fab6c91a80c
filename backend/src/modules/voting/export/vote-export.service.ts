import { Injectable, Logger } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { XlsxVotesWriter } from './infrastructure/xlsx-votes-writer.js';
import { type ExportVote, VoteExportRepository } from './vote-export.repository.js';

export const EXPORT_BATCH = 5000;

/** votes_export_{date}.xlsx (spec §2), dated in UTC. */
export const exportFileName = (now = new Date()) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`;

@Injectable()
export class VoteExportService {
  private readonly logger = new Logger('VoteExport');

  constructor(private readonly votes: VoteExportRepository) {}

  /**
   * Streams every vote as xlsx into `out`. `start()` runs once the first batch is read, right
   * before the first byte, so a database failure up to then is still an ordinary error answer.
   * The next batch is read while the current one is written.
   */
  async export(out: Writable, start: () => void, aborted: () => boolean): Promise<number> {
    let batch = await this.votes.batchAfter(null, EXPORT_BATCH);
    start();
    const writer = new XlsxVotesWriter(out);
    let next: Promise<ExportVote[]> | null = null;
    try {
      while (batch.length) {
        const last = batch[batch.length - 1]!;
        next = batch.length === EXPORT_BATCH ? this.votes.batchAfter(last, EXPORT_BATCH) : null;
        writer.add(batch);
        await writer.settle(aborted);
        if (aborted()) {
          writer.abort();
          this.logger.warn(`Votes export abandoned by the client after ${writer.rows} rows`);
          return writer.rows;
        }
        batch = next ? await next : [];
        next = null;
      }
      await writer.finish();
      return writer.rows;
    } catch (err) {
      writer.abort();
      throw err;
    } finally {
      // a prefetch left behind by an abort must not become an unhandled rejection
      next?.catch(() => {});
    }
  }
}
