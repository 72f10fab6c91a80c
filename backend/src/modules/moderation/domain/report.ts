import { badRequest } from '../../../platform/domain-error.js';

/** Why a visitor reports an item; the labels the visitor app shows live with the app. */
export const REPORT_REASONS = ['sexual', 'violence', 'hate', 'spam', 'minor', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MAX_NOTE = 200;

export const isReportReason = (v: unknown): v is ReportReason => (REPORT_REASONS as readonly unknown[]).includes(v);

/**
 * The note a report keeps: required (non-blank) for `other`, optional otherwise, never over
 * MAX_NOTE characters; blank becomes none.
 */
export function reportNote(reason: ReportReason, note: string | undefined): string | null {
  const trimmed = note?.trim() ?? '';
  if (trimmed.length > MAX_NOTE) throw badRequest(`note must be at most ${MAX_NOTE} characters`);
  if (reason === 'other' && !trimmed) throw badRequest('note is required when the reason is other: say what is wrong');
  return trimmed || null;
}

/** Whether this many counted open reports reach the hide threshold. */
export const reachesThreshold = (reports: number, hideAfter: number): boolean => reports >= hideAfter;

/** A reporter's standing when they report: what decides whether the report counts toward hiding. */
export type ReporterStanding = 'saved' | 'established' | 'new';

/** REPORTER_MIN_AGE_MINUTES and REPORTER_MIN_VOTES: what makes a guest session established. */
export interface StandingRule {
  minAgeMinutes: number;
  minVotes: number;
}

/**
 * A saved account (verified e-mail) is in good standing; so is a guest session at least
 * `minAgeMinutes` old that voted on at least `minVotes` items. Anyone else is new: their reports
 * reach the queue but never hide anything, so three throwaway sessions cannot hide an item.
 */
export function reporterStanding(
  reporter: { saved: boolean; ageMinutes: number; votes: number },
  rule: StandingRule,
): ReporterStanding {
  if (reporter.saved) return 'saved';
  return reporter.ageMinutes >= rule.minAgeMinutes && reporter.votes >= rule.minVotes ? 'established' : 'new';
}
