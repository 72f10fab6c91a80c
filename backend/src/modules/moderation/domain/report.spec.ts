import { DomainError } from '../../../platform/domain-error.js';
import { isReportReason, reachesThreshold, reportNote } from './report.js';

describe('report rules', () => {
  it('knows the seven reasons only', () => {
    for (const r of ['sexual', 'violence', 'hate', 'spam', 'minor', 'copyright', 'other'])
      expect(isReportReason(r)).toBe(true);
    for (const r of ['Sexual', '', null, 'abuse', 1]) expect(isReportReason(r)).toBe(false);
  });

  it('requires a non-blank note for other, keeps it trimmed, and refuses one over 200 characters', () => {
    expect(() => reportNote('other', undefined)).toThrow(DomainError);
    expect(() => reportNote('other', '   ')).toThrow(/note is required/);
    expect(reportNote('other', '  stolen from my blog ')).toBe('stolen from my blog');
    expect(reportNote('spam', undefined)).toBeNull();
    expect(reportNote('spam', '  ')).toBeNull();
    expect(reportNote('spam', 'x'.repeat(200))).toHaveLength(200);
    expect(() => reportNote('spam', 'x'.repeat(201))).toThrow(/at most 200/);
  });

  it('hides at the threshold, not before', () => {
    expect(reachesThreshold(2, 3)).toBe(false);
    expect(reachesThreshold(3, 3)).toBe(true);
    expect(reachesThreshold(1, 1)).toBe(true);
  });
});
