import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from './idle-timer';
import { isSwipeBack } from './swipe';
import { isAdminPath, usableUrl } from './redirect';

describe('idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the idle time without activity', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs: 30_000, onIdle });
    vi.advanceTimersByTime(29_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity resets the timer', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs: 30_000, onIdle });
    vi.advanceTimersByTime(20_000);
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(20_000);
    expect(onIdle).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(29_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('throttles activity to one reset per second', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs: 10_000, onIdle });
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('mousemove')); // resets: due at 15 s
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('mousemove')); // within 1 s of the last reset: ignored
    vi.advanceTimersByTime(9_499);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stop() cancels the timer and the listeners', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs: 1_000, onIdle });
    stop();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('swipe back', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, t });
  it('accepts a quick horizontal swipe from the left edge', () => {
    expect(isSwipeBack(at(10, 300, 0), at(160, 320, 300))).toBe(true);
    expect(isSwipeBack(at(50, 300, 0), at(151, 300, 499))).toBe(true);
  });
  it('rejects swipes not starting at the edge', () => {
    expect(isSwipeBack(at(51, 300, 0), at(250, 300, 200))).toBe(false);
  });
  it('rejects short, slow, vertical or leftward moves', () => {
    expect(isSwipeBack(at(10, 300, 0), at(110, 300, 200))).toBe(false); // exactly 100 px
    expect(isSwipeBack(at(10, 300, 0), at(200, 300, 500))).toBe(false); // 500 ms
    expect(isSwipeBack(at(10, 300, 0), at(140, 480, 200))).toBe(false); // mostly vertical
    expect(isSwipeBack(at(40, 300, 0), at(-100, 300, 200))).toBe(false);
  });
});

describe('redirect helpers', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(usableUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(usableUrl('http://example.com')).toBe('http://example.com/');
    expect(usableUrl('')).toBeNull();
    expect(usableUrl('javascript:alert(1)')).toBeNull();
    expect(usableUrl('/relative')).toBeNull();
  });
  it('treats /adm and anything under /adm/ as admin', () => {
    expect(isAdminPath('/adm')).toBe(true);
    expect(isAdminPath('/adm/media')).toBe(true);
    expect(isAdminPath('/admirals')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
  });
});
