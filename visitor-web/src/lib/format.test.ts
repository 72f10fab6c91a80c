import { describe, expect, it } from 'vitest';
import { formatBytes, formatCoordinate, formatDate, initials, percent } from './format';

describe('formatDate', () => {
  it('formats as dd/Mon/yyyy', () => {
    expect(formatDate(new Date(2025, 2, 5, 13, 4))).toBe('05/Mar/2025');
    expect(formatDate(new Date(1999, 11, 31))).toBe('31/Dec/1999');
  });
  it('accepts ISO strings', () => {
    const iso = new Date(2024, 0, 9).toISOString();
    expect(formatDate(iso)).toBe('09/Jan/2024');
  });
  it('is empty for missing or invalid input', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('sizes', () => {
  const sp = (t: string) => t.replace(' ', '\u00a0');
  it('picks B, KB or MB so small files never read 0.00 MB', () => {
    expect(formatBytes(0)).toBe(sp('0 B'));
    expect(formatBytes(512)).toBe(sp('512 B'));
    expect(formatBytes(999)).toBe(sp('999 B'));
    expect(formatBytes(1000)).toBe(sp('1.0 KB'));
    expect(formatBytes(4900)).toBe(sp('4.9 KB'));
    expect(formatBytes(999_999)).toBe(sp('1.00 MB'));
    expect(formatBytes(1_000_000)).toBe(sp('1.00 MB'));
    expect(formatBytes(2_500_000)).toBe(sp('2.50 MB'));
  });
  it('counts MB as 10^6 bytes, as phones and the upload limits do', () => {
    // the photo: 4,576,016 bytes read "4.36 MB" (MiB) where the phone said 4.6 MB
    expect(formatBytes(4_576_016)).toBe(sp('4.58 MB'));
    // the limit "Image files must be under 10MB" is 10,000,000 bytes: the largest allowed file shows 10.00 MB
    expect(formatBytes(10_000_000)).toBe(sp('10.00 MB'));
  });
  it('keeps number and unit together with a no-break space', () => {
    expect(formatBytes(3_000_000)).toMatch(/^3\.00\u00a0MB$/);
  });
  it('shows nonsense sizes as 0 B', () => {
    expect(formatBytes(Number.NaN)).toBe(sp('0 B'));
    expect(formatBytes(-5)).toBe(sp('0 B'));
  });
});

describe('names', () => {
  it('uses the first two letters of the username for every avatar, HV as fallback', () => {
    expect(initials('HappyJumpingOtter')).toBe('HA');
    expect(initials('zed')).toBe('ZE');
    expect(initials('  ')).toBe('HV');
    expect(initials(undefined)).toBe('HV');
  });
});

describe('numbers', () => {
  it('rounds coordinates to 4 decimals', () => {
    expect(formatCoordinate(52.520008)).toBe('52.5200');
    expect(formatCoordinate(-0.12345678)).toBe('-0.1235');
  });
  it('clamps percentages', () => {
    expect(percent(66.6)).toBe(67);
    expect(percent(undefined)).toBe(0);
    expect(percent(140)).toBe(100);
  });
});
