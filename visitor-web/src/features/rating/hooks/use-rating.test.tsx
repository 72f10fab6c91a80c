import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRating } from './use-rating';

const item = (id: number) => ({
  id,
  url: `/media/${id}.jpg`,
  mimeType: 'image/jpeg',
  totalVotes: 0,
  hotPercentage: 0,
  notPercentage: 0,
  userHasVoted: false,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

let calls: string[] = [];
let voteGate: (() => void) | null = null;
let randomAnswers: Array<() => Response> = [];

beforeEach(() => {
  calls = [];
  voteGate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/votes') {
        await new Promise<void>((r) => (voteGate = r));
        return json({ mediaId: 1, isHot: true, totalVotes: 3, hotVotes: 2, hotPercentage: 67, notPercentage: 33 }, 201);
      }
      if (url.startsWith('/api/media/random/'))
        return (randomAnswers.shift() ?? (() => json({ message: 'all rated' }, 404)))();
      return json({ recorded: true });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRating(7), { wrapper });
}

describe('useRating', () => {
  it('swaps in the prefetched next item at once and shows the results when the vote lands', async () => {
    randomAnswers = [() => json(item(1)), () => json(item(2))];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    await waitFor(() => expect(calls.filter((c) => c.includes('exclude=1')).length).toBe(1));
    await new Promise((r) => setTimeout(r, 0));
    act(() => result.current.onMediaShown());
    act(() => result.current.vote(true));
    expect(result.current.item?.id).toBe(2); // before the vote has an answer
    expect(result.current.last).toMatchObject({ isHot: true, result: null });
    await waitFor(() => expect(voteGate).not.toBeNull());
    await act(async () => voteGate?.());
    await waitFor(() => expect(result.current.last?.result?.hotPercentage).toBe(67));
  });

  it('without a next item, asks for one only after the vote is stored, then shows rated-all', async () => {
    randomAnswers = [() => json(item(1)), () => json({ message: 'all rated' }, 404)];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    await waitFor(() => expect(calls.some((c) => c.includes('exclude=1'))).toBe(true));
    const before = calls.length;
    act(() => result.current.onMediaShown());
    act(() => result.current.vote(false));
    await waitFor(() => expect(voteGate).not.toBeNull());
    expect(result.current.isSwapping).toBe(true);
    expect(calls.slice(before).filter((c) => c.startsWith('GET /api/media/random')).length).toBe(0);
    await act(async () => voteGate?.());
    await waitFor(() => expect(result.current.status).toBe('rated-all'));
    const refetch = calls.slice(before).find((c) => c.startsWith('GET /api/media/random'));
    expect(refetch).toContain('exclude=1');
  });

  it('skip excludes the item and moves on', async () => {
    randomAnswers = [() => json(item(1)), () => json({ message: 'none' }, 404), () => json(item(3))];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    await waitFor(() => expect(calls.some((c) => c.includes('exclude=1'))).toBe(true));
    act(() => result.current.skip());
    await waitFor(() => expect(result.current.item?.id).toBe(3));
    expect(calls[calls.length - 2]).toContain('exclude=1');
  });

  it('ignores votes until the media has loaded', async () => {
    randomAnswers = [() => json(item(1)), () => json(item(2))];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    expect(result.current.shown).toBe(false);
    act(() => result.current.vote(true));
    expect(result.current.item?.id).toBe(1);
    expect(result.current.last).toBeNull();
    expect(calls.some((c) => c.startsWith('POST /api/votes'))).toBe(false);
    act(() => result.current.onMediaShown());
    expect(result.current.shown).toBe(true);
  });

  it('skips an item whose media fails and ends in rated-all when the server can only offer it again', async () => {
    // the server falls back to excluded items when nothing else is left: here, the broken one
    randomAnswers = [() => json(item(1)), () => json(item(1)), () => json(item(1)), () => json(item(1))];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    act(() => result.current.onMediaError());
    await waitFor(() => expect(result.current.status).toBe('rated-all'));
    expect(calls.some((c) => c.startsWith('POST /api/votes') || c.includes('/view'))).toBe(false);
  });

  it('after a failed item, a skipped one may come back but the failed one never does', async () => {
    randomAnswers = [
      () => json(item(1)), // current
      () => json(item(2)), // next
      () => json(item(2)), // next of 2
      () => json(item(1)), // after skip 2 and failed 1: the server falls back to the broken one
      () => json(item(2)), // asked again without the skipped ids
    ];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    await waitFor(() => expect(calls.filter((c) => c.includes('random')).length).toBe(2));
    act(() => result.current.onMediaError());
    await waitFor(() => expect(result.current.item?.id).toBe(2));
    await waitFor(() => expect(calls.filter((c) => c.includes('random')).length).toBe(3));
    act(() => result.current.skip());
    await waitFor(() => expect(calls.filter((c) => c.includes('random')).length).toBe(5));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.item?.id).toBe(2);
    const last = calls.filter((c) => c.includes('random')).pop()!;
    expect(last).toContain('exclude=1');
    expect(last).not.toContain('2');
  });

  it('starts in the empty state when the server answers null', async () => {
    randomAnswers = [() => json(null)];
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('empty'));
  });
  it('a reported item goes at once and never comes back, even when the server offers it again', async () => {
    randomAnswers = [() => json(item(1)), () => json(item(1)), () => json(item(1)), () => json(item(1))];
    const { result } = setup();
    await waitFor(() => expect(result.current.item?.id).toBe(1));
    act(() => result.current.onReported(1));
    await waitFor(() => expect(result.current.status).toBe('rated-all'));
    expect(
      calls
        .filter((c) => c.startsWith('GET /api/media/random'))
        .slice(-2)
        .every((c) => c.includes('exclude=1')),
    ).toBe(true);
  });
});
