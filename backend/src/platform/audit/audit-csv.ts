import type { AuditRow } from './audit-log.js';

export const AUDIT_CSV_HEADER = ['id', 'at', 'admin', 'action', 'target', 'outcome', 'detail', 'clientAddress'];

/**
 * One CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ (or tab /
 * CR) gets a ' so a spreadsheet shows an operator-typed or attacker-chosen value instead of running it.
 */
export function csvField(value: unknown): string {
  let s = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const auditCsvLine = (r: AuditRow): string =>
  [r.id, r.at, r.admin, r.action, r.target, r.outcome, r.detail, r.clientAddress].map(csvField).join(',') + '\r\n';
