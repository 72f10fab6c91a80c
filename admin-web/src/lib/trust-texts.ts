/**
 * Operator texts of issue 12 (reports, bans, audit log). The spec has none for these, so they
 * follow its patterns: "X deleted successfully", "Failed to …", confirmations that say what
 * cannot be undone. Pages and tests share them from here.
 */
import type { ReportReason } from '../api/types';
import { TEXTS } from './texts';

/** The reasons as the visitor picked them (issue 12's list). */
export const REASON_LABELS: Record<ReportReason, string> = {
  sexual: 'Sexual content',
  violence: 'Violence or gore',
  hate: 'Harassment or hate',
  spam: 'Spam',
  minor: 'Minor in the image',
  copyright: 'Not mine / copyright',
  other: 'Other',
};

/** Audit action codes (TRUST-CONTRACT.md) in words; an unknown code is shown as it is. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'media.delete': 'Media deleted',
  'media.bulk_delete': 'Media bulk deleted',
  'user.ban': 'User banned',
  'user.unban': 'User unbanned',
  'user.sign-out': 'User signed out everywhere',
  'moderation.keep': 'Reports dismissed (kept)',
  'moderation.delete': 'Reported media deleted',
  'db.reset': 'Database reset',
  'db.import': 'Media imported from bucket',
  'db.backup': 'Database backup started',
  'media.renditions': 'Missing renditions generated',
  'db.migrate': 'Migration run',
  'population.start': 'Vote population',
  'traffic.update': 'Traffic handler changed',
  'ads.update': 'Ad changed',
  'bucket.delete': 'Bucket files deleted',
  'admin.login': 'Admin login',
  'admin.logout': 'Admin logout',
};
export const auditActionLabel = (code: string) => AUDIT_ACTION_LABELS[code] ?? code;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const gone = (notFound: number) => (notFound ? ` (${plural(notFound, 'was', 'were')} already gone)` : '');

export const TRUST_TEXTS = {
  keepFailed: 'Failed to keep media',
  banFailed: 'Failed to ban users',
  unbanFailed: 'Failed to unban users',
  fetchModerationFailed: 'Failed to fetch moderation queue',
  fetchAuditFailed: 'Failed to fetch audit log',
  exportAuditFailed: 'Failed to export audit log',
  noOpenReports: 'No reported media waiting. Reports from visitors show here, most reported first.',
  noDecisions: 'No decisions yet. Media you keep, delete or whose uploader you ban show here.',
  noAudit: 'No operator actions match.',
  banEffect:
    'A banned user can still browse, but cannot upload, vote or report, and their media leaves the random pick until they are unbanned.',
  unbanEffect:
    'They can upload, vote and report again; their media returns to the random pick unless reports keep it hidden.',
  alsoDeleteMedia: 'Also delete all their media (cannot be undone)',
} as const;

export const keptText = (kept: number, notFound = 0) =>
  `Kept ${plural(kept, 'media', 'media')}: reports dismissed${gone(notFound)}`;
/** The Media page's "Media deleted successfully", noting ids another operator deleted first. */
export const deletedText = (notFound = 0) => `${TEXTS.deleteMediaSuccess}${gone(notFound)}`;
export const bannedText = (banned: number, mediaDeleted: number) =>
  `Banned ${plural(banned, 'user')}${mediaDeleted ? `, ${plural(mediaDeleted, 'media', 'media')} deleted` : ''}`;
export const unbannedText = (unbanned: number) => `Unbanned ${plural(unbanned, 'user')}`;
