import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PROCESSING_POLL_MS } from '../api/stats-api';
import { StatsView } from './StatsView';

const stat = (id: number, ready: boolean) => ({
  id,
  url: ready ? `/media/renditions/uploads/${id}.jpg/full-abc.webp` : null,
  mimeType: 'image/jpeg',
  originalName: `photo-${id}.jpg`,
  size: 2_000_000,
  uploadedAt: '2026-11-28T10:00:00.000Z',
  totalViews: 0,
  totalVotes: 0,
  hotVotes: 0,
  hotPercentage: 0,
  notPercentage: 0,
  underReview: false,
  renditionsState: ready ? 'ready' : 'pending',
  width: 400,
  height: 300,
  placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw',
  thumbUrl: ready ? `/media/renditions/uploads/${id}.jpg/thumb-abc.webp` : null,
  previewUrl: ready ? `/media/renditions/uploads/${id}.jpg/preview-abc.webp` : null,
  srcset: null,
  fullUrl: ready ? `/media/renditions/uploads/${id}.jpg/full-abc.webp` : null,
  playbackUrl: null,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

let statsAnswers: unknown[] = [];
let statsCalls = 0;

beforeEach(() => {
  statsCalls = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/users/')) {
        statsCalls++;
        return json(statsAnswers.length > 1 ? statsAnswers.shift() : statsAnswers[0]);
      }
      return json([]); // share links
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (...items: ReturnType<typeof stat>[]) => ({
  totalUploads: items.length,
  totalVotes: 0,
  totalViews: 0,
  mediaStats: items,
});

/** Every image the page asked the browser for. */
const imageSources = (c: HTMLElement) => [...c.querySelectorAll('img')].map((i) => i.getAttribute('src'));

describe('My Stats while renditions are made', () => {
  it('shows a fresh upload as "Processing…" by its placeholder, never its original, and updates itself when ready', async () => {
    statsAnswers = [answer(stat(2, false), stat(1, true)), answer(stat(2, true), stat(1, true))];
    const { container } = renderWithProviders(<StatsView userId={7} />);
    const cards = await screen.findAllByTestId('media-card');
    expect(within(cards[0]!).getByTestId('media-processing')).toHaveTextContent('Processing…');
    expect(imageSources(container)).toEqual(['/media/renditions/uploads/1.jpg/thumb-abc.webp']);
    expect(imageSources(container).every((s) => s?.startsWith('/media/renditions/'))).toBe(true);

    // no reload: the page asks again while something is processing
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    await waitFor(() => expect(screen.queryByTestId('media-processing')).toBeNull());
    expect(imageSources(container)).toEqual([
      '/media/renditions/uploads/2.jpg/thumb-abc.webp',
      '/media/renditions/uploads/1.jpg/thumb-abc.webp',
    ]);

    // and stops asking once nothing is processing
    const calls = statsCalls;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(statsCalls).toBe(calls);
  });
});
