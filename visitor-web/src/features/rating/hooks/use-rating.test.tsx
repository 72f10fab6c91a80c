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

  it("decodes the next item's image ahead once the current one has loaded (which gets the link first)", async () => {
    // jsdom neither loads nor decodes images: record which ones the hook asks to decode
    const decoded: string[] = [];
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      decoded.push(this.getAttribute('src') ?? '');
      return Promise.resolve();
    };
    try {
      randomAnswers = [() => json(item(1)), () => json(item(2))];
      const { result } = setup();
      await waitFor(() => expect(result.current.item?.id).toBe(1));
      await waitFor(() => expect(calls.some((c) => c.includes('exclude=1'))).toBe(true));
      await new Promise((r) => setTimeout(r, 20));
      expect(decoded).toEqual([]);
      act(() => result.current.onMediaShown());
      await waitFor(() => expect(decoded).toEqual(['/media/2.jpg']));
    } finally {
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
  });

  it("preloads the next photo's preview with the stage's srcset, and a video's poster and playback file", async () => {
    const images: { src: string; srcset: string; sizes: string }[] = [];
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      images.push({ src: this.getAttribute('src') ?? '', srcset: this.srcset, sizes: this.sizes });
      return new Promise(() => {}); // still downloading
    };
    const videoPreload: string[] = [];
    const created = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation((tag: string, o?: ElementCreationOptions) => {
      const el = created(tag, o);
      if (tag === 'video')
        queueMicrotask(() => videoPreload.push(`${(el as HTMLVideoElement).preload} ${el.getAttribute('src')}`));
      return el;
    });
    try {
      const rendered = (id: number, extra: object) => ({ ...item(id), width: 1080, height: 1440, ...extra });
      randomAnswers = [
        () => json(item(1)),
        () =>
          json(
            rendered(2, {
              previewUrl: '/media/renditions/2/preview.webp',
              srcset: '/media/renditions/2/thumb.webp 360w, /media/renditions/2/preview.webp 1080w',
            }),
          ),
        () =>
          json(
            rendered(3, {
              mimeType: 'video/mp4',
              url: '/media/3.mp4',
              previewUrl: '/media/renditions/3/poster.webp',
              playbackUrl: '/media/renditions/3/play.mp4',
            }),
          ),
      ];
      const { result } = setup();
      await waitFor(() => expect(result.current.item?.id).toBe(1));
      act(() => result.current.onMediaShown());
      await waitFor(() => expect(images).toHaveLength(1));
      expect(images[0]).toEqual({
        src: '/media/renditions/2/preview.webp',
        srcset: '/media/renditions/2/thumb.webp 360w, /media/renditions/2/preview.webp 1080w',
        sizes: expect.stringMatching(/^min\(100vw, \d+px\)$/),
      });
      act(() => result.current.skip());
      await waitFor(() => expect(result.current.item?.id).toBe(2));
      act(() => result.current.onMediaShown());
      await waitFor(() => expect(images.map((i) => i.src)).toContain('/media/renditions/3/poster.webp'));
      // jsdom has no matchMedia: a desktop, which may fetch the whole (moov-first) playback file
      await waitFor(() => expect(videoPreload).toEqual(['auto /media/renditions/3/play.mp4']));
    } finally {
      spy.mockRestore();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
  });

  it('keeps the prefetched item past 30 s while its media is still downloading (a slow link keeps its bytes)', async () => {
    HTMLImageElement.prototype.decode = () => new Promise(() => {}); // never finishes
    const now = vi.spyOn(Date, 'now');
    try {
      randomAnswers = [() => json(item(1)), () => json(item(2))];
      const { result } = setup();
      await waitFor(() => expect(result.current.item?.id).toBe(1));
      await waitFor(() => expect(calls.some((c) => c.includes('exclude=1'))).toBe(true));
      await new Promise((r) => setTimeout(r, 0));
      act(() => result.current.onMediaShown());
      await new Promise((r) => setTimeout(r, 0));
      now.mockReturnValue(Date.now() + 45_000);
      act(() => result.current.skip());
      // no new pick for the current item was asked for (the mock would answer 404: rated-all)
      await waitFor(() => expect(result.current.item?.id).toBe(2));
      expect(result.current.status).toBe('ready');
    } finally {
      now.mockRestore();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
  });

  it('drops a prefetched item 30 s after its media loaded, for a new pick', async () => {
    HTMLImageElement.prototype.decode = () => Promise.resolve();
    const now = vi.spyOn(Date, 'now');
    try {
      randomAnswers = [() => json(item(1)), () => json(item(2)), () => json(item(3))];
      const { result } = setup();
      await waitFor(() => expect(result.current.item?.id).toBe(1));
      await waitFor(() => expect(calls.some((c) => c.includes('exclude=1'))).toBe(true));
      await new Promise((r) => setTimeout(r, 0));
      act(() => result.current.onMediaShown());
      await new Promise((r) => setTimeout(r, 0));
      now.mockReturnValue(Date.now() + 31_000);
      act(() => result.current.skip());
      await waitFor(() => expect(result.current.item?.id).toBe(3));
    } finally {
      now.mockRestore();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
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
