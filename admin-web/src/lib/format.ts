/**
 * Byte sizes as the spec shows them in the admin: Bytes, KB, MB, GB, in decimal units (1 MB =
 * 10^6 bytes) like the visitor app and the upload limits ("under 10MB" = 10,000,000 bytes).
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  // a value that would round up to 1000 of a unit is shown in the next one
  let i = Math.min(units.length - 1, Math.floor(Math.log10(bytes) / 3));
  if (i < units.length - 1 && bytes / 1000 ** i >= 999.5) i++;
  const value = bytes / 1000 ** i;
  return `${
    i === 0
      ? value
      : value
          .toFixed(value < 10 ? 2 : 1)
          .replace(/(\.\d*?)0+$/, '$1')
          .replace(/\.$/, '')
  } ${units[i]}`;
}

const numberFormat = new Intl.NumberFormat('en');
export const formatNumber = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '–' : numberFormat.format(n);

/** An ISO time through `format`, or '–' when there is none or it does not parse. */
const formatWith =
  (format: Intl.DateTimeFormat) =>
  (iso: string | null | undefined): string => {
    if (!iso) return '–';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? '–' : format.format(d);
  };
export const formatDateTime = formatWith(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }));
export const formatDate = formatWith(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));

/** "3 s", "2 min 5 s", "1 h 4 min": how long a job ran or has been running. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The extension badge of a bucket key: "JPG", "MP4", or "–" when it has none. */
export function extensionOf(key: string): string {
  const name = key.split('/').pop() ?? key;
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : '–';
}

/** A media checkbox's accessible name: file names repeat ("image.jpg"), so its id and uploader too. */
export const mediaSelectLabel = (fileName: string, id: number | string, uploader: string): string =>
  `Select ${fileName} (media ${id}) by ${uploader}`;
