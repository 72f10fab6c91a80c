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
    expect(formatBytes(1023)).toBe(sp('1023 B'));
    expect(formatBytes(1024)).toBe(sp('1.0 KB'));
    expect(formatBytes(4900)).toBe(sp('4.8 KB'));
    expect(formatBytes(1024 * 1024 - 1)).toBe(sp('1.00 MB'));
    expect(formatBytes(1024 * 1024)).toBe(sp('1.00 MB'));
    expect(formatBytes(2.5 * 1024 * 1024)).toBe(sp('2.50 MB'));
  });
  it('keeps number and unit together with a no-break space', () => {
    expect(formatBytes(3 * 1024 * 1024)).toMatch(/^3\.00\u00a0MB$/);
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
