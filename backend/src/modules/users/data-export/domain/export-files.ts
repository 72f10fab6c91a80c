import { csvField } from '../../../../platform/audit/audit-csv.js';
import { tally } from '../../../media/domain/media.js';
import type { DeviceSession } from '../../domain/device.js';
import { splitSummary } from '../../domain/user-agent-summary.js';
import type { User } from '../../domain/user.js';

/** One vote the account cast. */
export interface ExportVote {
  mediaId: number;
  hot: boolean;
  votedAt: Date;
}

/** One upload of the account with the counters My Stats shows. */
export interface ExportUpload {
  id: number;
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploadedAt: Date;
  totalViews: number;
  totalVotes: number;
  hotVotes: number;
  underReview: boolean;
}

const line = (fields: unknown[]) => fields.map(csvField).join(',') + '\r\n';

export const VOTES_CSV_HEADER = line(['media_id', 'vote', 'voted_at']);
export const voteLine = (v: ExportVote) => line([v.mediaId, v.hot ? 'hot' : 'not', v.votedAt.toISOString()]);

export const UPLOADS_CSV_HEADER = line([
  'media_id',
  'file',
  'original_name',
  'mime_type',
  'size_bytes',
  'uploaded_at',
  'views',
  'votes',
  'hot_votes',
  'hot_percentage',
  'not_percentage',
  'under_review',
]);

/** The same split as My Stats (`tally`), so the file and the page never disagree. */
export function uploadLine(u: ExportUpload): string {
  const t = tally(u.hotVotes, u.totalVotes);
  return line([
    u.id,
    uploadFileName(u),
    u.originalName,
    u.mimeType,
    u.size,
    u.uploadedAt.toISOString(),
    u.totalViews,
    t.totalVotes,
    t.hotVotes,
    t.hotPercentage,
    t.notPercentage,
    u.underReview,
  ]);
}

/**
 * Where an upload's original sits in the zip: `uploads/<id>-<name>`, the name cut to safe
 * characters (a client chose it) and the extension kept from the stored key.
 */
export function uploadFileName(u: Pick<ExportUpload, 'id' | 'storageKey' | 'originalName'>): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(u.storageKey)?.[0]?.toLowerCase() ?? '';
  const stem = u.originalName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return `uploads/${u.id}${stem ? `-${stem}` : ''}${ext}`;
}

/** profile.json: who the account is and where it is signed in (never a session credential). */
export function profileJson(user: User, devices: DeviceSession[], exportedAt: Date): string {
  const location =
    user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude } : null;
  return (
    JSON.stringify(
      {
        exportedAt: exportedAt.toISOString(),
        id: user.id,
        username: user.username,
        email: user.email,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt.toISOString(),
        ...(location ? { location } : {}),
        devices: devices.map((d) => ({
          ...splitSummary(d.userAgent),
          network: d.network,
          signedInAt: d.createdAt.toISOString(),
          lastSeenAt: d.lastSeenAt.toISOString(),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}

/** vibe-data-<username>-<UTC date>.zip */
export const exportZipName = (user: Pick<User, 'username'>, now = new Date()) =>
  `vibe-data-${user.username}-${now.toISOString().slice(0, 10)}.zip`;
