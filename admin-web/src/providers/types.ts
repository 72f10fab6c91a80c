/** Shapes of the admin API (docs/API.md), as the portal reads them. */

export type JobName = 'import-media' | 'populate-votes' | 'find-duplicates';
export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface AdminJob<R = unknown> {
  id: string;
  name: JobName;
  state: JobState;
  progress: { percent: number; [count: string]: number };
  result: R | null;
  error: string | null;
  attemptsMade: number;
  createdAt: string;
  finishedAt: string | null;
}

/** What starting a job answers: its id, and whether it was already running (409 or the same job). */
export interface JobStart {
  jobId: string;
  alreadyRunning: boolean;
}

export interface Stats {
  totalUsers: number;
  totalMedia: number;
  totalVotes: number;
  totalViews: number;
}

export interface DailyStats {
  days: { day: string; uploads: number; votes: number; users: number }[];
}

export interface MediaTotals {
  totalMedia: number;
  totalVotes: number;
  totalViews: number;
}

export interface UserTotals {
  totalUsers: number;
  activeUsers: number;
  savedAccounts: number;
}

export interface AdminMedia {
  id: number;
  url: string;
  mimeType: string;
  originalName: string;
  size: number;
  userId: number;
  username: string;
  uploadedAt: string;
  hotVotes: number;
  notVotes: number;
  totalVotes: number;
  totalViews: number;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  latitude: number | null;
  longitude: number | null;
  totalUploads: number;
  totalVotes: number;
  totalViews: number;
  createdAt: string;
  /** issue 12: a banned visitor may browse but not upload, vote or report */
  banned: boolean;
  bannedAt: string | null;
  /** "City, State, Country" once the server's background geocoder named the place; else show the coordinates */
  location: string | null;
  /** a lookup is queued or running: the list asks again until it is done */
  locationPending: boolean;
}

export interface BucketFile {
  key: string;
  size: number;
  lastModified: string;
}

export interface BucketListing {
  provider: string;
  files: BucketFile[];
  totalFiles: number;
  totalSize: number;
}

export interface BucketDeleteResult {
  message: string;
  deleted: string[];
  errors: { key: string; error: string }[];
  mediaDeleted?: number;
}

export interface DuplicateGroup {
  type: 'content' | 'size' | 'name-similarity';
  criteria: string;
  files: BucketFile[];
}

export interface DuplicateResult {
  success: boolean;
  provider: string;
  totalFiles: number;
  duplicateGroups: DuplicateGroup[];
  totalDuplicateFiles: number;
  potentialDeletions: number;
  message: string;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  errors: number;
  totalFiles: number;
}

export type PopulationState = 'not-started' | 'running' | 'paused' | 'stopped' | 'completed' | 'failed';

export interface Population {
  jobId: string | null;
  state: PopulationState;
  success: boolean;
  paused: boolean;
  message: string;
  mediaProcessed: number;
  totalMediaCount: number;
  totalVotesInserted: number;
  usersCreated: number;
  overallHotPercentage: number;
  userIdRange: string | null;
}

export type PopulationAction = 'start' | 'pause' | 'continue' | 'stop';

export interface IdleRedirectConfig {
  id: number | null;
  idleRedirectTime: number;
  idleRedirectUrl: string;
  isActive: boolean;
  createdAt: string | null;
}

export interface BackButtonConfig {
  id: number | null;
  backButtonUrl: string;
  isActive: boolean;
  createdAt: string | null;
}

export interface AdConfig {
  zoneId: string;
  zoneName: string;
  adCode: string;
  isActive: boolean;
  updatedAt: string | null;
}

export interface TrafficMigrationResult {
  idleConfigsCreated: number;
  backButtonCreated: number;
  indexesCreated: number;
}

export interface AdMigrationResult {
  message: string;
  adConfigsCreated: number;
  indexesCreated: number;
  error: string | null;
}

export type DbTestName = 'connection' | 'schema' | 'counts' | 'queries';

export interface DbTestAnswer {
  success: boolean;
  durationMs?: number;
  message?: string;
  tables?: { name: string; columns: number }[];
  queries?: { name: string; rowCount: number; durationMs: number }[];
  totalUsers?: number;
  totalMedia?: number;
  version?: string;
  engine?: string;
}

export interface ResetResult {
  success: boolean;
  message: string;
  deleted?: Record<string, number>;
}

/** Issue 12 (TRUST-CONTRACT.md): the reasons a visitor can give when reporting a media. */
export type ReportReason = 'sexual' | 'violence' | 'hate' | 'spam' | 'minor' | 'copyright' | 'other';
export type ModerationStatus = 'open' | 'kept' | 'deleted' | 'banned';

/** A reported media in the moderation queue (one row per media, its reports summed up). */
export interface ModerationItem {
  id: number;
  mediaUrl: string;
  thumbnailUrl?: string | null;
  mimeType: string;
  originalName: string;
  uploaderId: number;
  uploaderName: string;
  reports: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: string[];
  hidden: boolean;
  /** The media is gone (deleted by an operator, its owner or a ban). */
  fileDeleted?: boolean;
  status: ModerationStatus;
  firstReportedAt: string;
  lastReportedAt: string;
  decidedAt: string | null;
}

export interface KeepResult {
  kept: number[];
  notFound: number[];
}

export interface ModerationDeleteResult {
  deleted: number[];
  notFound: number[];
}

export interface BanResult {
  banned: number[];
  notFound: number[];
  mediaDeleted: number;
}

export interface UnbanResult {
  unbanned: number[];
  notFound: number[];
}

/** One operator action in the append-only audit log. */
export interface AuditEntry {
  id: number;
  at: string;
  admin: string;
  action: string;
  target: string;
  outcome: 'ok' | 'failed';
  detail?: string | null;
  clientAddress: string;
}
