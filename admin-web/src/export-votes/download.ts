import { downloadFile, type DownloadProgress } from '../lib/download';

export { filenameFrom, type DownloadProgress } from '../lib/download';

/** `votes_export_{YYYY-MM-DD}.xlsx` (UTC, as the server names it) when no Content-Disposition says. */
export const defaultExportName = (now = new Date()) => `votes_export_${now.toISOString().slice(0, 10)}.xlsx`;

/** The votes spreadsheet, fetched with the admin token and saved under the server's name. */
export const downloadVotesExport = (onProgress: (p: DownloadProgress) => void, signal?: AbortSignal) =>
  downloadFile('/api/admin/export-votes', { fallbackName: defaultExportName(), onProgress, signal });
