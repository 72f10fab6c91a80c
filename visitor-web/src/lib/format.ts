const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dd/Mon/yyyy in the visitor's local time, e.g. 05/Mar/2025. Empty for unusable input. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getDate()).padStart(2, '0')}/${MONTHS[d.getMonth()]}/${d.getFullYear()}`;
}

/** Decimal units, as phones, cameras and the spec's limits ("under 10MB" = 10,000,000 bytes) count. */
export const KB = 1000;
export const MB = 1000 * 1000;

/**
 * Byte sizes in the spec's units: "512 B", "4.8 KB", "2.50 MB" (1 MB = 10^6 bytes, as the upload
 * limits and the server count). The one size formatter of the app; a no-break space keeps the
 * number and its unit on one line.
 */
export function formatBytes(bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (n < KB) return `${Math.round(n)}\u00a0B`;
  // just under 1 MB would round to "1000.0 KB"
  if (n < MB - 0.05 * KB) return `${(n / KB).toFixed(1)}\u00a0KB`;
  return `${(n / MB).toFixed(2)}\u00a0MB`;
}

/** The avatar letters everywhere (header, sidebar, menu, profile): the first two of the username, or HV. */
export function initials(username: string | null | undefined): string {
  const name = (username ?? '').trim();
  return name ? name.slice(0, 2).toUpperCase() : 'HV';
}

export function formatCoordinate(value: number): string {
  return value.toFixed(4);
}

export function percent(value: number | null | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(100, Math.round(n)));
}
