import type { AuditActor } from '../../platform/audit/audit-entry.js';
import type { MediaDelivery } from '../media/domain/renditions.js';
import type { ModerationStatus } from './domain/moderation-state.js';
import type { ReporterStanding, ReportReason, StandingRule } from './domain/report.js';

export type { ModerationStatus };

/** A moderation queue entry; the media's thumbnails (`MediaDelivery`) while it exists. */
export interface ModerationRow extends MediaDelivery {
  id: number;
  mediaUrl: string;
  mimeType: string;
  originalName: string;
  uploaderId: number;
  uploaderName: string;
  reports: number;
  /** open reports that count toward hiding: reporters in good standing, at most `perNetwork` per network */
  countedReports: number;
  /** open reports by the reporters' standing when they reported */
  reporters: Record<ReporterStanding, number>;
  /** an operator kept it before: reports put it back in the queue but never hide it again */
  keptBefore: boolean;
  reasons: Record<string, number>;
  notes: string[];
  hidden: boolean;
  /** The media is gone (deleted by an operator, its owner or a ban), whatever the decision says. */
  fileDeleted: boolean;
  status: ModerationStatus;
  firstReportedAt: string;
  lastReportedAt: string;
  decidedAt: string | null;
}

export const MODERATION_SORTABLE = ['reports', 'id', 'lastReportedAt', 'firstReportedAt', 'decidedAt'] as const;
export type ModerationSortField = (typeof MODERATION_SORTABLE)[number];

export interface ModerationCriteria {
  status: 'open' | 'decided';
  ids?: number[];
  sort: { field: ModerationSortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

export interface NewReport {
  userId: number;
  mediaId: number;
  reason: ReportReason;
  note: string | null;
  hideAfter: number;
  /** the reporter's network (client-network.ts) */
  network: string;
  standingRule: StandingRule;
  /** reporters of one network that count toward hiding (MODERATION_REPORTERS_PER_NETWORK; 0 = no cap) */
  perNetwork: number;
}

/**
 * Port over reports, the moderation queue and bans. Every write is one transaction, the audit
 * row of an operator's decision included.
 */
export abstract class ModerationRepository {
  /**
   * Records a report with its reporter's standing and network and, when it brings the counted open
   * reports to `hideAfter` on an item no operator kept, hides the media, in one transaction that
   * holds the media row: parallel reports count exactly and only one hides.
   * Throws not_found, own_media, already_reported. Answers whether this report hid the item.
   */
  abstract report(r: NewReport): Promise<{ hid: boolean }>;
  abstract list(c: ModerationCriteria): Promise<{ rows: ModerationRow[]; total: number }>;
  /** Dismisses the open reports and unhides (unless the owner is banned); answers the ids kept. */
  abstract keep(ids: readonly number[], actor: AuditActor): Promise<number[]>;
  /** Sets banned_at, hides their media, closes their open rows as banned; answers the users found. */
  abstract ban(ids: readonly number[], deleteMedia: boolean, actor: AuditActor): Promise<number[]>;
  /** Clears banned_at; their media is visible again unless reports hide it. */
  abstract unban(ids: readonly number[], actor: AuditActor): Promise<number[]>;
  /** Media ids of these users (for a ban that deletes them). */
  abstract mediaOf(userIds: readonly number[]): Promise<number[]>;
}
