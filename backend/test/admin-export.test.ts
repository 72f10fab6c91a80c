import ExcelJS from 'exceljs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { EXPORT_BATCH } from '../src/modules/voting/export/vote-export.service.js';
import { adminAuth, asAdmin, db } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/admin/export-votes, read back with exceljs. */
async function download(t: TestApp): Promise<{ res: request.Response; book: ExcelJS.Workbook }> {
  const res = await asAdmin(t)
    .get('/api/admin/export-votes')
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as ArrayBuffer);
  return { res, book };
}

const VOTES = 2 * EXPORT_BATCH + 2345; // three batches, the last one partial

describe(`admin votes export (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('exports a header-only workbook when there are no votes', async () => {
    const { res, book } = await download(t);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="votes_export_${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(book.worksheets.map((s) => s.name)).toEqual(['votes']);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['user_id', 'media_id', 'is_hot', 'voted_at']);
  });

  it('streams every vote, row by row, in key order', async () => {
    await db(t).query(
      `INSERT INTO users (session_id, username) SELECT lpad(g::text, 32, 'x'), 'seed_' || g FROM generate_series(1, 130) g`,
    );
    await db(t).query(
      `INSERT INTO media (user_id, storage_key, original_name, mime_type, size)
       SELECT 1 + (g % 130), 'seed/' || g, 'm' || g || '.jpg', 'image/jpeg', 1 FROM generate_series(1, 100) g`,
    );
    // millisecond timestamps and both kinds of vote
    await db(t).query(
      `INSERT INTO votes (user_id, media_id, is_hot, voted_at)
       SELECT u.id, m.id, (u.id + m.id) % 3 = 0,
              timestamptz '2025-03-01 00:00:00+00' + (u.id * 1000 + m.id) * interval '1 second' + (m.id % 1000) * interval '1 millisecond'
         FROM users u CROSS JOIN media m WHERE u.id <> m.user_id ORDER BY m.id, u.id LIMIT $1`,
      [VOTES],
    );
    const expected: Array<{ user_id: number; media_id: number; is_hot: boolean; voted_at: Date }> = await db(t).query(
      `SELECT user_id, media_id, is_hot, voted_at FROM votes ORDER BY user_id, media_id`,
    );
    expect(expected).toHaveLength(VOTES);

    const { book } = await download(t);
    expect(book.worksheets).toHaveLength(1);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(VOTES + 1);
    expect(sheet.getColumn(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    for (let i = 0; i < VOTES; i++) {
      const got = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      const want = expected[i]!;
      expect(got).toEqual([want.user_id, want.media_id, want.is_hot, new Date(want.voted_at)]);
    }
  });

  it('stops cleanly when the client goes away mid-download, and the API keeps answering', async () => {
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = t.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/admin/export-votes', headers: { Authorization: adminAuth(t) } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    });
    expect(received).toBeGreaterThan(0);
    // the export released the database (PGlite has a single connection): other admin calls work
    const stats = await asAdmin(t).get('/api/admin/stats').expect(200);
    expect(stats.body.totalVotes).toBe(VOTES);
    const again = await download(t);
    expect(again.book.worksheets[0]!.rowCount).toBe(VOTES + 1);
    await new Promise<void>((resolve) => t.server.close(() => resolve()));
  });
});
