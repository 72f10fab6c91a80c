import type { GetListParams } from 'react-admin';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Audit log's date inputs hold local calendar days ("2026-11-22"); the server compares
 * instants. `from` becomes the start of that day here, `to` its end, so "to today" includes
 * what happened this afternoon and the operator's time zone decides where a day starts.
 */
export function auditServerFilter(filter: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === '' || value === null || value === undefined) continue;
    if ((key === 'from' || key === 'to') && typeof value === 'string' && DAY.test(value)) {
      const local = new Date(`${value}T${key === 'from' ? '00:00:00.000' : '23:59:59.999'}`);
      out[key] = Number.isNaN(local.getTime()) ? value : local.toISOString();
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The same `filter` (and `sort`) query parameters the list sends, for the export URL. */
export function auditQuery(filter: Record<string, unknown>, sort?: GetListParams['sort']): string {
  const q = new URLSearchParams({ filter: JSON.stringify(auditServerFilter(filter)) });
  if (sort?.field) q.set('sort', JSON.stringify([sort.field, sort.order]));
  return q.toString();
}

/** The CSV export of the audit log under the list's filters and sort (downloaded with the token). */
export const auditExportUrl = (filter: Record<string, unknown>, sort?: GetListParams['sort']) =>
  `/api/admin/audit/export?${auditQuery(filter, sort)}`;
