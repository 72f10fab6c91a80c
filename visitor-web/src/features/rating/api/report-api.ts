import { api } from '../../../lib/api-client';
import type { Id, Reported, ReportReason } from '../../../api/types';

/** The reasons the server takes, with the labels the dialog shows (issue 12). */
export const REPORT_REASONS = [
  { value: 'sexual', label: 'Sexual content' },
  { value: 'violence', label: 'Violence or gore' },
  { value: 'hate', label: 'Harassment or hate' },
  { value: 'spam', label: 'Spam' },
  { value: 'minor', label: 'Minor in the image' },
  { value: 'copyright', label: 'Not mine / copyright' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: ReportReason; label: string }[];

export const MAX_REPORT_NOTE = 200;

/** One report per visitor and item; the server answers 409 already_reported for a second. */
export function reportMedia(mediaId: Id, reason: ReportReason, note?: string): Promise<Reported> {
  return api.post('/api/media/{id}/report', { path: { id: mediaId }, body: note ? { reason, note } : { reason } });
}
