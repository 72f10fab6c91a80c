import { reachesThreshold, type ReporterStanding, type ReportReason } from './report.js';

/**
 * The moderation state machine: one row per reported item, its status and the current round of
 * reports. Everything that decides which state follows which event lives here; the repository
 * only reads the row (under a lock) and persists what these functions answer.
 */
export const MODERATION_STATUSES = ['open', 'kept', 'deleted', 'banned'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** What can happen to a moderation row. */
export type ModerationEvent = 'report' | 'keep' | 'ban' | 'unban' | 'mediaDeleted';

/**
 * Which status follows which event. A status missing from an event's map: the event leaves a row
 * in that status alone (it is not selected at all).
 */
export const TRANSITIONS: Readonly<
  Record<ModerationEvent, Readonly<Partial<Record<ModerationStatus, ModerationStatus>>>>
> = {
  // a report reopens a decided row (a new round starts); a banned owner's row keeps collecting, still banned
  report: { open: 'open', kept: 'open', deleted: 'open', banned: 'banned' },
  // an operator keeps an item that still exists; keeping a kept item again changes nothing; a deleted one is gone
  keep: { open: 'kept', kept: 'kept', banned: 'kept' },
  // a ban closes its user's open rows
  ban: { open: 'banned' },
  // an unban reopens the rows its ban closed: their reports still wait for a decision
  unban: { banned: 'open' },
  // an item deleted while its reports are open (by its owner, an operator or a ban) is decided as deleted;
  // the database applies this one (trigger moderation_media_deleted: a delete is not always ours)
  mediaDeleted: { open: 'deleted' },
};

/** The status after `event`, or undefined when the event does not apply to a row in `status`. */
export const nextStatus = (status: ModerationStatus, event: ModerationEvent): ModerationStatus | undefined =>
  TRANSITIONS[event][status];

/** The statuses `event` applies to. */
export const statusesFor = (event: ModerationEvent): ModerationStatus[] =>
  MODERATION_STATUSES.filter((s) => TRANSITIONS[event][s] !== undefined);

/** Open waits for an operator; every other status is a decision (it has a decided_at). */
export const isDecided = (status: ModerationStatus): boolean => status !== 'open';

/** A row keeps adding reports to its round while open or banned; after keep or delete a report starts over. */
export const continuesRound = (status: ModerationStatus): boolean => status === 'open' || status === 'banned';

/** A moderation row as the state machine sees it. */
export interface ModerationState {
  status: ModerationStatus;
  /** reports in this round */
  reports: number;
  /** reports in this round that count toward hiding */
  countedReports: number;
  /** reports in this round by the reporters' standing */
  standing: Partial<Record<ReporterStanding, number>>;
  /** reports in this round by reason */
  reasons: Partial<Record<ReportReason, number>>;
  notes: string[];
  /** reports of this round hid the media */
  hiddenByReports: boolean;
  /** an operator kept the item once: reports never hide it again */
  keptBefore: boolean;
}

/** One report, its reporter's standing decided (reporterStanding) and whether it counts (countsTowardHiding). */
export interface IncomingReport {
  reason: ReportReason;
  note: string | null;
  standing: ReporterStanding;
  counted: boolean;
}

/**
 * Whether a report counts toward hiding: its reporter is in good standing (not `new`) and its
 * network has not used its share of this round's counted reports (`perNetwork`, 0 = no cap).
 */
export function countsTowardHiding(
  standing: ReporterStanding,
  countedFromNetwork: number,
  perNetwork: number,
): boolean {
  if (standing === 'new') return false;
  return perNetwork <= 0 || countedFromNetwork < perNetwork;
}

/**
 * A report arrives on an item. `row` is the item's moderation row, null when it was never reported
 * (the row then starts open, or banned when its owner is banned). The round goes on (open, banned)
 * or starts over (kept, deleted). The report hides the item when it brings the counted reports to
 * `hideAfter`, unless this round already hid it or an operator kept the item before: after a keep
 * the item goes back to the queue but is never hidden by the same threshold again.
 * Answers the next row, whether this report started a round, and whether it hid the item.
 */
export function afterReport(
  row: ModerationState | null,
  report: IncomingReport,
  item: { ownerBanned: boolean; hideAfter: number },
): { next: ModerationState; newRound: boolean; hid: boolean } {
  const goesOn = row !== null && continuesRound(row.status);
  const base: ModerationState = goesOn
    ? row
    : {
        status: row ? row.status : item.ownerBanned ? 'banned' : 'open',
        reports: 0,
        countedReports: 0,
        standing: {},
        reasons: {},
        notes: [],
        hiddenByReports: false,
        keptBefore: row?.keptBefore ?? false,
      };
  const status = row ? nextStatus(row.status, 'report')! : base.status;
  const countedReports = base.countedReports + (report.counted ? 1 : 0);
  const hid = !base.hiddenByReports && !base.keptBefore && reachesThreshold(countedReports, item.hideAfter);
  const next: ModerationState = {
    status,
    reports: base.reports + 1,
    countedReports,
    standing: { ...base.standing, [report.standing]: (base.standing[report.standing] ?? 0) + 1 },
    reasons: { ...base.reasons, [report.reason]: (base.reasons[report.reason] ?? 0) + 1 },
    notes: report.note === null ? base.notes : [...base.notes, report.note],
    hiddenByReports: base.hiddenByReports || hid,
    keptBefore: base.keptBefore,
  };
  return { next, newRound: !goesOn, hid };
}

/**
 * An operator keeps an item: the row is decided as kept, this round's reports are dismissed, and
 * the item is marked kept before (reports put it back in the queue but never hide it again).
 * Undefined when the row cannot be kept (deleted).
 */
export function afterKeep<S extends Pick<ModerationState, 'status' | 'hiddenByReports' | 'keptBefore'>>(
  row: S,
): S | undefined {
  const status = nextStatus(row.status, 'keep');
  return status === undefined ? undefined : { ...row, status, ...KEPT };
}

/** What a keep sets besides the status (applied by the repository to many rows in one statement). */
export const KEPT = { hiddenByReports: false, keptBefore: true } as const;

/**
 * Whether an item is out of the pick: its owner is banned, or reports of an open round hid it
 * (a banned owner's row keeps its `hiddenByReports` for the day of the unban).
 */
export const mediaHidden = (item: { ownerBanned: boolean; status: ModerationStatus; hiddenByReports: boolean }) =>
  item.ownerBanned || (item.status === 'open' && item.hiddenByReports);
