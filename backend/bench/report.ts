import { isMeasurement, isSuccess, type Measurement } from './measure.js';

export type Cell = string | number | boolean | null | undefined;
export type ReportRow = Measurement | Record<string, Cell>;

/** 100000 → "100k", 1000000 → "1M", 12500 → "12.5k". */
export function fmtCount(n: number): string {
  if (n >= 1e6 && n % 1e5 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 100 === 0) return `${n / 1e3}k`;
  return String(n);
}

export const fmtMs = (ms: number) =>
  Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)) : '–';
export const fmtRate = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
export const fmtPercent = (share: number) => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : '–');
export const fmtTimes = (factor: number) => (Number.isFinite(factor) ? `${factor.toFixed(2)}×` : '–');

function cellText(v: Cell): string {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(2);
  return String(v);
}

const cpuPerReq = (m: Measurement) =>
  m.apiCpuMsPerReq === undefined || m.dbCpuMsPerReq === undefined ? NaN : m.apiCpuMsPerReq + m.dbCpuMsPerReq;

/** The standard columns of one autocannon measurement, compared with the health route. */
export function measurementRow(m: Measurement, health: Measurement | undefined): Record<string, Cell> {
  // nothing to compare when the health route itself or every request failed
  const compare = health !== undefined && health !== m && m.failures < m.requests;
  return {
    route: m.name,
    'req/s': fmtRate(m.reqPerSec),
    'p50 ms': fmtMs(m.p50),
    'p99 ms': fmtMs(m.p99),
    requests: m.requests,
    failed: m.failures,
    'req/s vs health': compare ? fmtPercent(m.reqPerSec / health.reqPerSec) : '',
    'p99 vs health': compare ? fmtTimes(m.p99 / health.p99) : '',
    'API CPU ms/req': m.apiCpuMsPerReq === undefined ? '–' : m.apiCpuMsPerReq.toFixed(2),
    'DB CPU ms/req': m.dbCpuMsPerReq === undefined ? '–' : m.dbCpuMsPerReq.toFixed(2),
    // what req/s vs health would be on a dedicated CPU-bound machine: steady where req/s is not
    'CPU capacity vs health': compare ? fmtPercent(cpuPerReq(health) / cpuPerReq(m)) : '',
  };
}

/** A plain text table: first column left-aligned, the rest right-aligned; columns are the union of the rows' keys. */
export function formatTable(rows: Record<string, Cell>[], title?: string): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const cells = rows.map((row) => columns.map((c) => cellText(row[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [];
  if (title) out.push('', title);
  out.push(line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line));
  return out.join('\n');
}

/** Failed answers by status, for the note under a table: "404×12, 429×3, errors×1". */
export function failureNote(m: Measurement): string {
  const parts = Object.entries(m.statusCodes)
    .filter(([code]) => !isSuccess(m, Number(code)))
    .map(([code, n]) => `${code}×${n}`);
  if (m.errors) parts.push(`connection errors×${m.errors}`);
  if (m.timeouts) parts.push(`time-outs×${m.timeouts}`);
  return parts.join(', ');
}

export function renderReport(rows: ReportRow[], health: Measurement | undefined, title?: string): string {
  const table = formatTable(
    rows.map((r) => (isMeasurement(r) ? measurementRow(r, health) : r)),
    title,
  );
  const notes = rows
    .filter(isMeasurement)
    .filter((m) => m.failures > 0)
    .map((m) => `  ! ${m.name}: ${m.failures} failed (${failureNote(m) || 'unexpected statuses'})`);
  return [table, ...notes].join('\n');
}
