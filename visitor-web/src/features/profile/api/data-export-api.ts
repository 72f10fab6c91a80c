import { api } from '../../../lib/api-client';

/** Where the zip is served: the browser downloads it itself, streaming to disk, never into this page's memory. */
export const exportUrl = (userId: number) => `/api/users/${userId}/export`;

/** Asks whether an export may start (404/429 with the reason otherwise); spends nothing. */
export const checkExport = (userId: number) => api.get('/api/users/{id}/export/check', { path: { id: userId } });

/** Starts the browser's own download of the zip, as a click on a link would. */
export function startDownload(userId: number): void {
  const link = document.createElement('a');
  link.href = exportUrl(userId);
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
