import {
  afterKeep,
  afterReport,
  countsTowardHiding,
  type IncomingReport,
  isDecided,
  KEPT,
  MODERATION_STATUSES,
  mediaHidden,
  type ModerationState,
  nextStatus,
  statusesFor,
} from './moderation-state.js';

const report = (over: Partial<IncomingReport> = {}): IncomingReport => ({
  reason: 'spam',
  note: null,
  standing: 'established',
  counted: true,
  ...over,
});
const item = { ownerBanned: false, hideAfter: 3 };

/** Reports in a row on one item, from no moderation row on. */
function reports(n: number, at = item, start: ModerationState | null = null, each = report()) {
  let row = start;
  const hid: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const r = afterReport(row, each, at);
    row = r.next;
    hid.push(r.hid);
  }
  return { row: row!, hid };
}

describe('moderation state machine', () => {
  it('maps each event to the status that follows, and leaves the rest alone', () => {
    expect(MODERATION_STATUSES.map((s) => nextStatus(s, 'report'))).toEqual(['open', 'open', 'open', 'banned']);
    expect(MODERATION_STATUSES.map((s) => nextStatus(s, 'keep'))).toEqual(['kept', 'kept', undefined, 'kept']);
    expect(MODERATION_STATUSES.map((s) => nextStatus(s, 'ban'))).toEqual(['banned', undefined, undefined, undefined]);
    expect(MODERATION_STATUSES.map((s) => nextStatus(s, 'unban'))).toEqual([undefined, undefined, undefined, 'open']);
    expect(MODERATION_STATUSES.map((s) => nextStatus(s, 'mediaDeleted'))).toEqual([
      'deleted',
      undefined,
      undefined,
      undefined,
    ]);
    expect(statusesFor('keep')).toEqual(['open', 'kept', 'banned']);
    expect(statusesFor('ban')).toEqual(['open']);
    expect(MODERATION_STATUSES.filter(isDecided)).toEqual(['kept', 'deleted', 'banned']);
  });

  it('a first report opens a row, banned when the owner is banned', () => {
    const first = afterReport(null, report({ note: 'look' }), item);
    expect(first).toEqual({
      next: {
        status: 'open',
        reports: 1,
        countedReports: 1,
        standing: { established: 1 },
        reasons: { spam: 1 },
        notes: ['look'],
        hiddenByReports: false,
        keptBefore: false,
      },
      newRound: true,
      hid: false,
    });
    expect(afterReport(null, report(), { ...item, ownerBanned: true }).next.status).toBe('banned');
  });

  it('hides at the threshold of counted reports, exactly once', () => {
    const { row, hid } = reports(5);
    expect(hid).toEqual([false, false, true, false, false]);
    expect(row).toMatchObject({ status: 'open', reports: 5, countedReports: 5, hiddenByReports: true });
    expect(reports(1, { ...item, hideAfter: 1 }).hid).toEqual([true]);
  });

  it('reports that do not count reach the queue but never hide', () => {
    const { row, hid } = reports(5, item, null, report({ standing: 'new', counted: false }));
    expect(hid).toEqual([false, false, false, false, false]);
    expect(row).toMatchObject({ reports: 5, countedReports: 0, standing: { new: 5 }, hiddenByReports: false });
  });

  it('tallies reasons, standing and notes within a round', () => {
    let row = afterReport(null, report({ reason: 'hate', note: 'a' }), item).next;
    row = afterReport(row, report({ reason: 'hate', standing: 'saved' }), item).next;
    row = afterReport(row, report({ reason: 'other', note: 'b', standing: 'new', counted: false }), item).next;
    expect(row).toMatchObject({
      reports: 3,
      countedReports: 2,
      reasons: { hate: 2, other: 1 },
      standing: { established: 1, saved: 1, new: 1 },
      notes: ['a', 'b'],
    });
  });

  it('after an operator keeps an item it goes back to the queue but is not hidden again by the same threshold', () => {
    const hidden = reports(3).row;
    const kept = afterKeep(hidden)!;
    expect(kept).toEqual({ ...hidden, status: 'kept', hiddenByReports: false, keptBefore: true });
    const again = reports(5, item, kept);
    expect(again.hid).toEqual([false, false, false, false, false]);
    expect(again.row).toMatchObject({ status: 'open', reports: 5, countedReports: 5, keptBefore: true });
    // the first report after the keep starts a new round
    const first = afterReport(kept, report({ reason: 'hate' }), item);
    expect(first.newRound).toBe(true);
    expect(first.next).toMatchObject({ reports: 1, reasons: { hate: 1 }, notes: [], standing: { established: 1 } });
  });

  it('a report on a deleted row starts over; on a banned row the round goes on, still banned', () => {
    const deleted: ModerationState = { ...reports(3).row, status: 'deleted', hiddenByReports: false };
    const onDeleted = afterReport(deleted, report(), item);
    expect(onDeleted).toMatchObject({ newRound: true, hid: false, next: { status: 'open', reports: 1 } });
    const banned = reports(2, { ...item, ownerBanned: true }).row;
    const onBanned = afterReport(banned, report(), { ...item, ownerBanned: true });
    expect(onBanned).toMatchObject({ newRound: false, hid: true, next: { status: 'banned', reports: 3 } });
  });

  it('keeps anything but a deleted row; a keep of a kept row changes nothing', () => {
    expect(afterKeep({ status: 'deleted', hiddenByReports: false, keptBefore: false })).toBeUndefined();
    const kept = { status: 'kept' as const, ...KEPT };
    expect(afterKeep(kept)).toEqual(kept);
    expect(afterKeep({ status: 'banned', hiddenByReports: true, keptBefore: false })).toEqual(kept);
  });

  it('counts a reporter in good standing within their network share', () => {
    expect(countsTowardHiding('new', 0, 0)).toBe(false);
    expect(countsTowardHiding('established', 5, 0)).toBe(true);
    expect(countsTowardHiding('saved', 0, 1)).toBe(true);
    expect(countsTowardHiding('saved', 1, 1)).toBe(false);
    expect(countsTowardHiding('established', 1, 2)).toBe(true);
  });

  it('hides media of a banned owner, or while reports of an open round hid it', () => {
    expect(mediaHidden({ ownerBanned: true, status: 'kept', hiddenByReports: false })).toBe(true);
    expect(mediaHidden({ ownerBanned: false, status: 'open', hiddenByReports: true })).toBe(true);
    expect(mediaHidden({ ownerBanned: false, status: 'kept', hiddenByReports: false })).toBe(false);
    expect(mediaHidden({ ownerBanned: false, status: 'open', hiddenByReports: false })).toBe(false);
  });
});
