import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirmDeleteText, TEXTS } from '../lib/texts';
import type { AdminMedia } from '../api/types';
import { renderAdmin } from '../test/render';
import MediaList from './MediaList';

const media = (id: number, name: string, mimeType = 'image/jpeg'): AdminMedia => ({
  id,
  url: `/media/${id}.jpg`,
  mimeType,
  originalName: name,
  size: 2048 * id,
  userId: 1,
  username: 'HappyJumpingOtter',
  uploadedAt: '2026-01-02T10:00:00Z',
  hotVotes: 7,
  notVotes: 3,
  totalVotes: 10,
  totalViews: 12,
  renditionsState: 'pending',
  renditionsError: null,
  // no renditions yet: the card shows what the original allows
  width: null,
  height: null,
  placeholder: null,
  thumbUrl: null,
  previewUrl: null,
  srcset: null,
  fullUrl: null,
  playbackUrl: null,
});
const rows = [
  media(1, 'beach.jpg'),
  { ...media(2, 'party.mp4', 'video/mp4'), playbackUrl: '/media/renditions/2/playback-b.mp4' },
  media(3, 'cat.png', 'image/png'),
];
const totals = () => Promise.resolve({ totalMedia: 3, totalVotes: 30, totalViews: 36 });

describe('Media', () => {
  it('shows the three totals and a card per media with user, type, size, hot/not/views', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 3 }));
    renderAdmin(<MediaList />, { dataProvider: { getList, getMediaTotals: totals } });
    expect(await screen.findAllByTestId('media-card')).toHaveLength(3);
    expect(screen.getByText('Total media')).toBeVisible();
    expect(await screen.findByText('36')).toBeVisible();
    const party = screen.getAllByTestId('media-card')[1]!;
    expect(within(party).getByText('party.mp4')).toBeVisible();
    expect(within(party).getByText('Video')).toBeVisible();
    expect(within(party).getByText('4.1 KB')).toBeVisible();
    expect(within(party).getByLabelText('Votes and views')).toHaveTextContent('7 hot3 not12 views');
    expect(getList).toHaveBeenCalledWith(
      'media',
      expect.objectContaining({ pagination: { page: 1, perPage: 24 }, sort: { field: 'uploadedAt', order: 'DESC' } }),
    );
  });

  it('an estimated total (a filter matching more than 10,000 media) shows as "about"', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 1_234_567, meta: { totalEstimated: true } }));
    renderAdmin(<MediaList />, { dataProvider: { getList, getMediaTotals: totals } });
    expect(await screen.findByText('1-24 of about 1.2M')).toBeVisible();
  });

  it("an exact total keeps react-admin's own range text", async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 3 }));
    renderAdmin(<MediaList />, { dataProvider: { getList, getMediaTotals: totals } });
    await screen.findAllByTestId('media-card');
    // the test renders without translations: the message key stands for "1-3 of 3"
    expect(await screen.findByText('ra.navigation.page_range_info')).toBeVisible();
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('cards load thumbnails lazily, no video file and no original; the preview opens the full-size rendition', async () => {
    const rendered = [
      {
        ...media(1, 'beach.jpg'),
        thumbUrl: '/media/renditions/1/thumb-a.webp',
        fullUrl: '/media/renditions/1/full-a.webp',
      },
      { ...media(2, 'party.mp4', 'video/mp4'), url: '/media/2.mp4', thumbUrl: '/media/renditions/2/thumb-b.webp' },
      { ...media(3, 'new.mp4', 'video/mp4'), url: '/media/3.mp4', thumbUrl: null },
      { ...media(4, 'fresh.png', 'image/png'), thumbUrl: null },
    ];
    const { container } = renderAdmin(<MediaList />, {
      dataProvider: { getList: () => Promise.resolve({ data: rendered, total: 4 }), getMediaTotals: totals },
    });
    const cards = await screen.findAllByTestId('media-card');
    expect(container.querySelectorAll('video')).toHaveLength(0);
    const src = (card: HTMLElement) => card.querySelector('img')?.getAttribute('src') ?? null;
    expect(cards.map(src)).toEqual([
      '/media/renditions/1/thumb-a.webp',
      '/media/renditions/2/thumb-b.webp',
      null, // a video before its poster exists: a tile with the play mark
      null, // a photo before its thumbnail exists: a plain tile, never the (private) original
    ]);
    for (const img of container.querySelectorAll('[data-testid=media-card] img'))
      expect(img.getAttribute('loading')).toBe('lazy');
    await userEvent.click(screen.getByRole('button', { name: 'Preview beach.jpg' }));
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute(
      'src',
      '/media/renditions/1/full-a.webp',
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Preview fresh.png' }));
    expect(within(await screen.findByRole('dialog')).getByRole('status')).toHaveTextContent(
      'No preview yet: its renditions are not made',
    );
    expect(within(screen.getByRole('dialog')).queryByRole('img', { name: 'fresh.png' })).toBeNull();
  });

  it('the preview dialog plays a video and gives focus back to the card when closed', async () => {
    renderAdmin(<MediaList />, {
      dataProvider: { getList: () => Promise.resolve({ data: rows, total: 3 }), getMediaTotals: totals },
    });
    const open = await screen.findByRole('button', { name: 'Preview party.mp4' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog');
    const video = within(dialog).getByLabelText('Video party.mp4') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video.autoplay).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('asks with the spec text before deleting one media, then says it is gone', async () => {
    const del = vi.fn(() => Promise.resolve({ data: rows[0] }));
    renderAdmin(<MediaList />, {
      dataProvider: { getList: () => Promise.resolve({ data: rows, total: 3 }), getMediaTotals: totals, delete: del },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete beach.jpg' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete media' });
    expect(dialog).toHaveTextContent(confirmDeleteText('beach.jpg'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('media', expect.objectContaining({ id: 1 })));
    expect(await screen.findByText(TEXTS.deleteMediaSuccess)).toBeVisible();
  });

  it("says 'Failed to delete media' when the delete fails", async () => {
    renderAdmin(<MediaList />, {
      dataProvider: {
        getList: () => Promise.resolve({ data: rows, total: 3 }),
        getMediaTotals: totals,
        delete: () => Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete cat.png' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEXTS.deleteMediaFailed)).toBeVisible();
  });

  it('deletes a selection with one deleteMany call after confirming', async () => {
    const deleteMany = vi.fn(() => Promise.resolve({ data: [1, 3] }));
    renderAdmin(<MediaList />, {
      dataProvider: { getList: () => Promise.resolve({ data: rows, total: 3 }), getMediaTotals: totals, deleteMany },
    });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select beach.jpg (media 1) by HappyJumpingOtter' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select cat.png (media 3) by HappyJumpingOtter' }));
    expect(screen.getByText('2 selected')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete 2' }));
    await waitFor(() => expect(deleteMany).toHaveBeenCalledTimes(1));
    expect(deleteMany).toHaveBeenCalledWith('media', expect.objectContaining({ ids: [1, 3] }));
  });

  it('shows each hot share with its 95 % range, flagging few votes', async () => {
    const few = { ...media(4, 'lucky.jpg'), hotVotes: 3, notVotes: 0, totalVotes: 3 };
    const none = { ...media(5, 'new.jpg'), hotVotes: 0, notVotes: 0, totalVotes: 0 };
    renderAdmin(<MediaList />, {
      dataProvider: {
        getList: () => Promise.resolve({ data: [rows[0]!, few, none], total: 3 }),
        getMediaTotals: totals,
      },
    });
    const [beach, lucky, fresh] = await screen.findAllByTestId('media-card');
    expect(within(beach!).getByTestId('media-hot-share')).toHaveTextContent('70% hot95% range 39–90%');
    expect(within(beach!).queryByText('Few votes')).toBeNull();
    expect(within(lucky!).getByTestId('media-hot-share')).toHaveTextContent('100% hot95% range 43–100%Few votes');
    expect(within(fresh!).getByText('No votes yet')).toBeVisible();
  });

  it('the sort button names the current sort; picking hot % then "sure of it" sorts by them', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 3 }));
    renderAdmin(<MediaList />, { dataProvider: { getList, getMediaTotals: totals } });
    const button = await screen.findByRole('button', { name: 'Sort: Uploaded, newest first' });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: /^Hot %, sure of it/ }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'media',
        expect.objectContaining({ sort: { field: 'hotScore', order: 'DESC' } }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Sort: Hot %, sure of it, highest first' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^Sort:/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /^Hot %, sure of it/ }));
    expect(await screen.findByRole('button', { name: 'Sort: Hot %, sure of it, lowest first' })).toBeVisible();
  });

  it("says 'Failed to fetch media data' when the list cannot load", async () => {
    renderAdmin(<MediaList />, {
      dataProvider: { getList: () => Promise.reject(new TypeError('Failed to fetch')), getMediaTotals: totals },
    });
    expect(await screen.findAllByText(TEXTS.fetchMediaFailed)).not.toHaveLength(0);
  });
});
