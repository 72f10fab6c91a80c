const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dd/Mon/yyyy in the visitor's local time, e.g. 05/Mar/2025. Empty for unusable input. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getDate()).padStart(2, '0')}/${MONTHS[d.getMonth()]}/${d.getFullYear()}`;
}

/** Bytes as megabytes with two decimals, e.g. "2.50 MB". */
export function formatMB(bytes: number): string {
  const mb = (Number.isFinite(bytes) && bytes > 0 ? bytes : 0) / (1024 * 1024);
  return `${mb.toFixed(2)} MB`;
}

/** Byte sizes in B, KB or MB (the spec's display units). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return formatMB(bytes);
}

/** Initials from a joined username: HappyJumpingOtter → HJ. */
export function initials(username: string | null | undefined): string {
  const name = (username ?? '').trim();
  if (!name) return 'HV';
  const words = name.match(/[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [name];
  const letters = words.length >= 2 ? words[0]![0]! + words[1]![0]! : name.slice(0, 2);
  return letters.toUpperCase();
}

/** The mobile avatar: first two letters of the username, or HV. */
export function avatarLetters(username: string | null | undefined): string {
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
