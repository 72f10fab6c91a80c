import { describe, expect, it } from 'vitest';
import { avatarLetters, formatBytes, formatCoordinate, formatDate, formatMB, initials, percent } from './format';

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
  it('shows megabytes with two decimals', () => {
    expect(formatMB(0)).toBe('0.00 MB');
    expect(formatMB(1024 * 1024)).toBe('1.00 MB');
    expect(formatMB(2.5 * 1024 * 1024)).toBe('2.50 MB');
    expect(formatMB(123456)).toBe('0.12 MB');
  });
  it('picks B, KB or MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});

describe('names', () => {
  it('takes initials from the joined words', () => {
    expect(initials('HappyJumpingOtter')).toBe('HJ');
    expect(initials('zed')).toBe('ZE');
    expect(initials('')).toBe('HV');
  });
  it('uses the first two letters for the mobile avatar, HV as fallback', () => {
    expect(avatarLetters('HappyJumpingOtter')).toBe('HA');
    expect(avatarLetters(undefined)).toBe('HV');
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
