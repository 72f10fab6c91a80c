import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirmDeleteText, TEXTS } from '../lib/texts';
import { TRUST_TEXTS } from '../lib/trust-texts';
import type { ModerationItem } from '../api/types';
import { renderAdmin } from '../test/render';
import ModerationPage from './ModerationPage';

const item = (id: number, over: Partial<ModerationItem> = {}): ModerationItem => ({
  id,
  mediaUrl: `/media/${id}.jpg`,
  width: null,
  height: null,
  placeholder: null,
  thumbUrl: null,
  previewUrl: null,
  srcset: null,
  fullUrl: null,
  playbackUrl: null,
  mimeType: 'image/jpeg',
  originalName: `photo-${id}.jpg`,
  uploaderId: 100 + id,
  uploaderName: `Uploader${id}`,
  reports: 1,
  countedReports: 1,
  reporters: { saved: 0, established: 1, new: 0 },
  keptBefore: false,
  reasons: { spam: 1 },
  notes: [],
  hidden: false,
  fileDeleted: false,
  status: 'open',
  firstReportedAt: '2026-11-20T10:00:00Z',
  lastReportedAt: '2026-11-21T10:00:00Z',
  decidedAt: null,
  ...over,
});
const rows = [
  item(1, {
    reports: 4,
    countedReports: 1,
    reporters: { saved: 1, established: 0, new: 3 },
    keptBefore: true,
    reasons: { hate: 3, other: 1 },
    notes: ['this is my photo of my sister', 'rude'],
    hidden: true,
  }),
  item(2, {
    mimeType: 'video/mp4',
    originalName: 'clip.mp4',
    mediaUrl: '/media/2.mp4',
    playbackUrl: '/media/renditions/2/playback-a.mp4',
  }),
  item(3, { reports: 1, uploaderId: 101, uploaderName: 'Uploader1' }),
];
const list = (data = rows) => vi.fn(() => Promise.resolve({ data, total: data.length }));

describe('Moderation', () => {
  it('asks for the open queue, most reports first, and shows reasons with counts, notes, uploader, hidden', async () => {
    const getList = list();
    renderAdmin(<ModerationPage />, { dataProvider: { getList } });
    const items = await screen.findAllByTestId('moderation-item');
    expect(items).toHaveLength(3);
    expect(getList).toHaveBeenCalledWith(
      'moderation',
      expect.objectContaining({ sort: { field: 'reports', order: 'DESC' }, filter: { status: 'open' } }),
    );
    const first = items[0]!;
    expect(within(first).getByText('4 reports')).toBeVisible();
    expect(within(first).getByRole('list', { name: 'Reasons' })).toHaveTextContent('Harassment or hate 3Other 1');
    expect(within(first).getByRole('list', { name: 'Notes' })).toHaveTextContent('“this is my photo of my sister”');
    // the username is one unbreakable piece of the "by" line
    expect(within(first).getByTestId('username')).toHaveTextContent(/^Uploader1$/);
    expect(within(first).getByTestId('username').parentElement).toHaveTextContent('by Uploader1 (ID 101)');
    expect(within(first).getByText('Hidden from the pick')).toBeVisible();
    // who reported: throwaway sessions count for nothing, and a kept item is not hidden by reports again
    expect(within(first).getByRole('list', { name: 'Reporters' })).toHaveTextContent('Saved account 1New session 3');
    expect(within(first).getByText('1 of 4 count toward hiding')).toBeVisible();
    expect(within(first).getByText('Kept before: reports no longer hide it')).toBeVisible();
    expect(within(items[1]!).queryByText(/Kept before/)).toBeNull();
    expect(within(items[1]!).queryByText('Hidden from the pick')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();
  });

  it('plays a reported video in the preview dialog, with the decisions there too', async () => {
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview clip.mp4' }));
    const dialog = screen.getByRole('dialog', { name: 'clip.mp4' });
    const video = within(dialog).getByLabelText('Video clip.mp4') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    // the playback rendition, never the original (an HEVC original plays sound over a black box)
    expect(video).toHaveAttribute('src', '/media/renditions/2/playback-a.mp4');
    expect(within(dialog).getByRole('table', { name: 'Report details' })).toHaveTextContent('Spam 1');
    expect(within(dialog).getByRole('button', { name: 'Keep clip.mp4' })).toBeVisible();
  });

  it('Keep dismisses the reports of one media with one call and says so', async () => {
    const keepReported = vi.fn(() => Promise.resolve({ kept: [1], notFound: [] }));
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list(), keepReported } });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep photo-1.jpg' }));
    await waitFor(() => expect(keepReported).toHaveBeenCalledWith([1]));
    expect(await screen.findByText('Kept 1 media: reports dismissed')).toBeVisible();
  });

  it('Delete asks with the Media page text before deleting, and names failures', async () => {
    const deleteReported = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ deleted: [3], notFound: [] });
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list(), deleteReported } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete photo-3.jpg' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete media' });
    expect(dialog).toHaveTextContent(confirmDeleteText('photo-3.jpg'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(deleteReported).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEXTS.deleteMediaFailed)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TEXTS.deleteMediaSuccess)).toBeVisible();
    expect(deleteReported).toHaveBeenLastCalledWith([3]);
  });

  const selectTwo = async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select photo-1.jpg (media 1) by Uploader1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select photo-3.jpg (media 3) by Uploader1' }));
    expect(screen.getByText('2 selected')).toBeVisible();
  };

  it('Keep selected: one server call for the selection, which is then cleared', async () => {
    const keepReported = vi.fn(() => Promise.resolve({ kept: [1, 3], notFound: [] }));
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list(), keepReported } });
    await selectTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Keep selected' }));
    await waitFor(() => expect(keepReported).toHaveBeenCalledTimes(1));
    expect(keepReported).toHaveBeenCalledWith([1, 3]);
    expect(await screen.findByText('Kept 2 media: reports dismissed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('Delete selected asks first, then makes one server call', async () => {
    const deleteReported = vi.fn(() => Promise.resolve({ deleted: [1], notFound: [3] }));
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list(), deleteReported } });
    await selectTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const del = screen.getByRole('dialog', { name: 'Delete selected media' });
    expect(del).toHaveTextContent(confirmDeleteText('2 selected media'));
    await userEvent.click(within(del).getByRole('button', { name: 'Delete 2' }));
    await waitFor(() => expect(deleteReported).toHaveBeenCalledTimes(1));
    expect(deleteReported).toHaveBeenCalledWith([1, 3]);
    expect(await screen.findByText(`${TEXTS.deleteMediaSuccess} (1 was already gone)`)).toBeVisible();
  });

  it('Ban uploaders bans each uploader of the selection once, in one call, with their media if asked', async () => {
    const banUsers = vi.fn(() => Promise.resolve({ banned: [101], notFound: [], mediaDeleted: 2 }));
    renderAdmin(<ModerationPage />, { dataProvider: { getList: list(), banUsers } });
    await selectTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Ban uploaders' }));
    // both selected media are Uploader1's: one user to ban
    const ban = screen.getByRole('dialog', { name: 'Ban user' });
    expect(ban).toHaveTextContent(`Ban "Uploader1"? ${TRUST_TEXTS.banEffect}`);
    const also = within(ban).getByRole('checkbox', { name: TRUST_TEXTS.alsoDeleteMedia });
    expect(also).not.toBeChecked();
    await userEvent.click(also);
    await userEvent.click(within(ban).getByRole('button', { name: 'Ban and delete media' }));
    await waitFor(() => expect(banUsers).toHaveBeenCalledTimes(1));
    expect(banUsers).toHaveBeenCalledWith([101], true);
    expect(await screen.findByText('Banned 1 user, 2 media deleted')).toBeVisible();
  });

  it('the Decided tab asks for decided rows and shows each decision without actions', async () => {
    const getList = vi.fn((_: string, p: { filter: { status: string } }) =>
      Promise.resolve(
        p.filter.status === 'decided'
          ? {
              data: [
                item(7, { status: 'kept', decidedAt: '2026-11-22T09:00:00Z' }),
                item(8, { status: 'deleted', decidedAt: '2026-11-22T09:00:00Z' }),
                item(9, { status: 'banned', decidedAt: '2026-11-22T09:00:00Z' }),
                // a ban that deleted the uploader's media: the decision stays, the file is gone
                item(10, { status: 'banned', fileDeleted: true, decidedAt: '2026-11-22T09:00:00Z' }),
              ],
              total: 4,
            }
          : { data: [], total: 0 },
      ),
    );
    renderAdmin(<ModerationPage />, { dataProvider: { getList } });
    expect(await screen.findByText(TRUST_TEXTS.noOpenReports)).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    expect(await screen.findAllByTestId('moderation-item')).toHaveLength(4);
    expect(getList).toHaveBeenLastCalledWith('moderation', expect.objectContaining({ filter: { status: 'decided' } }));
    expect(screen.getByText('Kept')).toBeVisible();
    expect(screen.getByText('Uploader banned')).toBeVisible();
    expect(screen.getByText('Uploader banned · media deleted')).toBeVisible();
    // no preview of a file that is gone, whichever decision removed it
    expect(screen.getAllByText('Media deleted')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Preview photo-10.jpg' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Keep/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says the queue failed to load', async () => {
    renderAdmin(<ModerationPage />, {
      dataProvider: { getList: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect(await screen.findAllByText(TRUST_TEXTS.fetchModerationFailed)).not.toHaveLength(0);
  });
});
