import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldCheck, useUsernameAvailability } from './use-username-availability';

const fetchMock = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (available: boolean) => Promise.resolve(new Response(JSON.stringify({ available }), { status: 200 }));

describe('shouldCheck', () => {
  it('needs at least 3 characters and a change', () => {
    expect(shouldCheck('ab', 'Current')).toBe(false);
    expect(shouldCheck('abc', 'Current')).toBe(true);
    expect(shouldCheck('Current', 'Current')).toBe(false);
    expect(shouldCheck('  Current ', 'Current')).toBe(false);
  });
});

describe('useUsernameAvailability', () => {
  it('stays unknown for short or unchanged names and never calls the server', async () => {
    const { result, rerender } = renderHook(({ v }) => useUsernameAvailability(v, 'HappyOtter'), {
      initialProps: { v: 'HappyOtter' },
    });
    expect(result.current).toBe('unknown');
    rerender({ v: 'ab' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toBe('unknown');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows checking, waits 500 ms, then reports available', async () => {
    fetchMock.mockImplementation(() => answer(true));
    const { result } = renderHook(() => useUsernameAvailability('BraveFox', 'HappyOtter'));
    expect(result.current).toBe('checking');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/check-username/BraveFox');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe('available');
  });

  it('reports taken', async () => {
    fetchMock.mockImplementation(() => answer(false));
    const { result } = renderHook(() => useUsernameAvailability('TakenName', 'HappyOtter'));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current).toBe('taken');
  });

  it('debounces typing: only the last value is checked', async () => {
    fetchMock.mockImplementation(() => answer(true));
    const { result, rerender } = renderHook(({ v }) => useUsernameAvailability(v, 'HappyOtter'), {
      initialProps: { v: 'Bra' },
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ v: 'Brav' });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ v: 'Brave' });
    expect(result.current).toBe('checking');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/check-username/Brave');
    expect(result.current).toBe('available');
  });

  it('goes back to unknown when the request fails', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('boom', { status: 500 })));
    const { result } = renderHook(() => useUsernameAvailability('BraveFox', 'HappyOtter'));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(result.current).toBe('unknown');
  });
});
