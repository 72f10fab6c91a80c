import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { VoteBatch } from '../vote-export.repository.js';
import { XlsxVotesWriter } from './xlsx-votes-writer.js';

interface ExportVote {
  userId: number;
  mediaId: number;
  isHot: boolean;
  votedAt: Date;
}

const toColumns = (votes: ExportVote[]): VoteBatch => ({
  userIds: Int32Array.from(votes, (v) => v.userId),
  mediaIds: Int32Array.from(votes, (v) => v.mediaId),
  hot: Uint8Array.from(votes, (v) => (v.isHot ? 1 : 0)),
  votedAt: Float64Array.from(votes, (v) => v.votedAt.getTime()),
});

const vote = (i: number): ExportVote => ({
  userId: i,
  mediaId: 100 + i,
  isHot: i % 2 === 0,
  votedAt: new Date(Date.UTC(2025, 5, 1, 12, 0, i)),
});

async function write(votes: ExportVote[], rowsPerSheet: number): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const writer = new XlsxVotesWriter(out, rowsPerSheet);
  writer.add(toColumns(votes.slice(0, 4)));
  await writer.settle(() => false);
  writer.add(toColumns(votes.slice(4)));
  await writer.finish();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await bytes) as unknown as ArrayBuffer);
  return book;
}

describe('XlsxVotesWriter', () => {
  it('starts a new sheet, with its own header, every rowsPerSheet rows', async () => {
    const votes = Array.from({ length: 7 }, (_, i) => vote(i + 1));
    const book = await write(votes, 3);
    expect(book.worksheets.map((s) => s.name)).toEqual(['votes', 'votes 2', 'votes 3']);
    const rows = book.worksheets.flatMap((s) => {
      const values = s.getSheetValues().slice(1) as unknown[][];
      expect(values[0]!.slice(1)).toEqual(['user_id', 'media_id', 'is_hot', 'voted_at']);
      return values.slice(1).map((r) => r.slice(1));
    });
    expect(rows).toEqual(votes.map((v) => [v.userId, v.mediaId, v.isHot, v.votedAt]));
    expect(book.worksheets.map((s) => s.rowCount)).toEqual([4, 4, 2]);
  });

  it('writes a header-only sheet when there is nothing to export', async () => {
    const book = await write([], 3);
    expect(book.worksheets).toHaveLength(1);
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });
});
