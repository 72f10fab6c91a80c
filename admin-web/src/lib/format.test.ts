import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes (admin)', () => {
  it('uses decimal units, like the visitor app and the upload limits', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(999)).toBe('999 Bytes');
    expect(formatBytes(4096)).toBe('4.1 KB');
    expect(formatBytes(4_576_016)).toBe('4.58 MB');
    expect(formatBytes(10_000_000)).toBe('10 MB');
    expect(formatBytes(2_500_000)).toBe('2.5 MB');
    expect(formatBytes(1_234_000_000)).toBe('1.23 GB');
  });
  it('never shows 1000 of a unit', () => {
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(999_700)).toBe('1 MB');
    expect(formatBytes(999_400)).toBe('999.4 KB');
  });
});
