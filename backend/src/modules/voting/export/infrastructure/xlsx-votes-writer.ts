import ExcelJS from 'exceljs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import type { VoteBatch } from '../vote-export.repository.js';

/** Excel's limit is 1,048,576 rows a sheet; a round million (plus the header) leaves room. */
export const ROWS_PER_SHEET = 1_000_000;
/** Sheet XML allowed to wait for the zip before the producer pauses. */
const MAX_PENDING_BYTES = 1 << 20;

const COLUMNS: Array<Partial<ExcelJS.Column>> = [
  { header: 'user_id', key: 'user_id', width: 10 },
  { header: 'media_id', key: 'media_id', width: 10 },
  { header: 'is_hot', key: 'is_hot', width: 8 },
  { header: 'voted_at', key: 'voted_at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
];

/** exceljs 4 internals the backpressure reads (its stream writer has no backpressure of its own). */
interface SheetStream {
  buffers?: Array<{ length: number }>;
  pipes?: Array<{ writableLength?: number; _writableState?: { length: number } }>;
}

/**
 * Streams votes into an .xlsx on `out` with exceljs's WorkbookWriter: rows are committed as they
 * come, a new sheet starts every ROWS_PER_SHEET rows, and `settle()` waits while the zip lags
 * behind, so memory stays flat however many rows pass through and however slow the client reads.
 */
export class XlsxVotesWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet;
  private sheets = 0;
  private rowsInSheet = 0;
  rows = 0;

  constructor(
    out: Writable,
    private readonly rowsPerSheet = ROWS_PER_SHEET,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    this.sheet = this.addSheet();
  }

  add(votes: VoteBatch): void {
    const n = votes.userIds.length;
    for (let i = 0; i < n; i++) {
      if (this.rowsInSheet === this.rowsPerSheet) {
        this.sheet.commit();
        this.sheet = this.addSheet();
      }
      this.sheet
        .addRow([votes.userIds[i], votes.mediaIds[i], votes.hot[i] === 1, new Date(votes.votedAt[i]!)])
        .commit();
      this.rowsInSheet++;
    }
    this.rows += n;
  }

  /** Resolves once the XML not yet taken by the zip is under the limit (or `stop()` says give up). */
  async settle(stop: () => boolean): Promise<void> {
    while (!stop() && this.pendingBytes() > MAX_PENDING_BYTES) await sleep(2);
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }

  /** The client went away: drop the archive. */
  abort(): void {
    (this.workbook as unknown as { zip?: { abort(): void } }).zip?.abort();
  }

  private addSheet(): ExcelJS.Worksheet {
    this.sheets++;
    this.rowsInSheet = 0;
    const sheet = this.workbook.addWorksheet(this.sheets === 1 ? 'votes' : `votes ${this.sheets}`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = COLUMNS;
    return sheet;
  }

  private pendingBytes(): number {
    let n = 0;
    const sheets = (this.workbook as unknown as { _worksheets: Array<{ _stream?: SheetStream } | undefined> })
      ._worksheets;
    for (const ws of sheets) {
      const s = ws?._stream;
      if (!s) continue;
      for (const b of s.buffers ?? []) n += b.length;
      for (const p of s.pipes ?? []) n += p._writableState?.length ?? p.writableLength ?? 0;
    }
    return n;
  }
}
