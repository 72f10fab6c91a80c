import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import pg from 'pg';

/**
 * The reference for the export benchmark, run as its own process: the same votes, loaded into
 * memory first (typed arrays), written with a bare exceljs streaming WorkbookWriter (same
 * columns and date format) to a sink that discards the bytes. Only the writing is timed.
 * Prints one JSON line: { rows, ms, bytes, maxRssMb }.
 */
const databaseUrl = process.env.DATABASE_URL!;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [{ n }] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM votes')).rows;
const users = new Int32Array(n);
const media = new Int32Array(n);
const hot = new Uint8Array(n);
const at = new Float64Array(n);
let i = 0;
let after: [number, number] | null = null;
for (;;) {
  const params: number[] = after ?? [];
  const { rows }: { rows: Array<{ u: number; m: number; h: boolean; t: number }> } = await client.query(
    after
      ? `SELECT user_id AS u, media_id AS m, is_hot AS h, (extract(epoch FROM voted_at) * 1000)::float8 AS t FROM votes WHERE (user_id, media_id) > ($1, $2) ORDER BY user_id, media_id LIMIT 50000`
      : `SELECT user_id AS u, media_id AS m, is_hot AS h, (extract(epoch FROM voted_at) * 1000)::float8 AS t FROM votes ORDER BY user_id, media_id LIMIT 50000`,
    params,
  );
  if (!rows.length) break;
  for (const r of rows) {
    users[i] = r.u;
    media[i] = r.m;
    hot[i] = r.h ? 1 : 0;
    at[i] = r.t;
    i++;
  }
  const last: { u: number; m: number } = rows[rows.length - 1]!;
  after = [last.u, last.m];
}
await client.end();

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    bytes += chunk.length;
    cb();
  },
});
const started = performance.now();
const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
let sheet: ExcelJS.Worksheet | undefined;
for (let r = 0; r < i; r++) {
  if (r % 1_000_000 === 0) {
    sheet?.commit();
    sheet = book.addWorksheet(r === 0 ? 'votes' : `votes ${r / 1_000_000 + 1}`);
    sheet.columns = [
      { header: 'user_id', key: 'user_id', width: 10 },
      { header: 'media_id', key: 'media_id', width: 10 },
      { header: 'is_hot', key: 'is_hot', width: 8 },
      { header: 'voted_at', key: 'voted_at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    ];
  }
  sheet!.addRow([users[r], media[r], hot[r] === 1, new Date(at[r]!)]).commit();
}
sheet?.commit();
await book.commit();
const ms = performance.now() - started;
console.log(JSON.stringify({ rows: i, ms, bytes, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
