import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { AdminJob, BucketFile, BucketListing, DuplicateResult } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import BucketManagerPage, { RELOAD_AFTER_DELETE_MS } from './BucketManagerPage';
import { duplicatesToSelect } from './duplicates';

const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
const file = (key: string, size: number, d: number): BucketFile => ({ key, size, lastModified: day(d) });

function listing(n: number, extra: BucketFile[] = []): BucketListing {
  const files = [
    ...Array.from({ length: n }, (_, i) =>
      file(`library/img-${String(i).padStart(5, '0')}.jpg`, 1000 + i, 1 + (i % 28)),
    ),
    ...extra,
  ];
  return { provider: 'local', files, totalFiles: files.length, totalSize: files.reduce((s, f) => s + f.size, 0) };
}

const noJobs = { listJobs: () => Promise.resolve([] as AdminJob[]) };

describe('duplicatesToSelect (spec §4: all but the most recently modified of each group)', () => {
  it('keeps the newest of every group, even when a file is in several groups', () => {
    const a = file('a.jpg', 10, 5);
    const aCopy = file('copy/a (1).jpg', 10, 2);
    const b = file('b.jpg', 10, 1);
    const bNew = file('b-2.jpg', 99, 9);
    const groups: DuplicateResult['duplicateGroups'] = [
      { type: 'content', criteria: 'sha256 1', files: [aCopy, a] }, // not sorted on purpose
      { type: 'size', criteria: '10 bytes', files: [a, aCopy, b] },
      { type: 'name-similarity', criteria: 'b', files: [bNew, b] },
    ];
    expect(duplicatesToSelect(groups).sort()).toEqual(['b.jpg', 'copy/a (1).jpg']);
  });
});

describe('Bucket Manager', () => {
  it('shows provider, totals and a paged list that stays usable with 10,000 objects', async () => {
    renderAdmin(<BucketManagerPage />, {
      dataProvider: { ...noJobs, listBucketFiles: () => Promise.resolve(listing(10_000)) },
    });
    const table = await screen.findByRole('table', { name: 'Bucket files' });
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + one page of 50
    expect(screen.getByText('Local disk')).toBeVisible();
    expect(screen.getByText('10,000')).toBeVisible();
    expect(screen.getByText(/^1–50 of 10,?000$/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Search files'), 'img-09999');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('JPG')).toBeVisible();
  });

  it('select-all reflects whether every file is selected; Select Duplicates picks the older copies', async () => {
    const dupes: DuplicateResult = {
      success: true,
      provider: 'local',
      totalFiles: 4,
      duplicateGroups: [
        { type: 'content', criteria: 'same bytes', files: [file('new.jpg', 5, 20), file('old.jpg', 5, 3)] },
      ],
      totalDuplicateFiles: 2,
      potentialDeletions: 1,
      message: '1 duplicate group',
    };
    const job: AdminJob<DuplicateResult> = {
      id: 'find-duplicates-1',
      name: 'find-duplicates',
      state: 'completed',
      progress: { percent: 100 },
      result: dupes,
      error: null,
      attemptsMade: 1,
      createdAt: day(1),
      finishedAt: day(1),
    };
    renderAdmin(<BucketManagerPage />, {
      dataProvider: {
        ...noJobs,
        listBucketFiles: () => Promise.resolve(listing(2, [file('new.jpg', 5, 20), file('old.jpg', 5, 3)])),
        startDuplicateScan: () => Promise.resolve({ jobId: 'find-duplicates-1', alreadyRunning: false }),
        getJob: () => Promise.resolve(job),
      },
    });
    const table = await screen.findByRole('table', { name: 'Bucket files' });
    const all = within(table).getByRole('checkbox', { name: 'Select all 4 files' });
    await userEvent.click(all);
    expect(within(table).getByRole('checkbox', { name: 'Unselect all files' })).toBeChecked();
    await userEvent.click(within(table).getByLabelText('Select old.jpg'));
    expect(within(table).getByRole('checkbox', { name: 'Select all 4 files' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select all 4 files' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all 4 files' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Unselect all files' }));

    await userEvent.click(screen.getByRole('button', { name: 'Find Duplicates' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select Duplicates' }));
    expect(within(table).getByLabelText('Select old.jpg')).toBeChecked();
    expect(within(table).getByLabelText('Select new.jpg')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeEnabled();
  });

  it('with a search, the header checkbox selects the matching files only, then offers the whole bucket', async () => {
    renderAdmin(<BucketManagerPage />, {
      dataProvider: { ...noJobs, listBucketFiles: () => Promise.resolve(listing(30)) },
    });
    const table = await screen.findByRole('table', { name: 'Bucket files' });
    await userEvent.click(screen.getByLabelText('Search files'));
    await userEvent.paste('img-0001'); // img-00010 … img-00019: 10 of the 30 files
    await userEvent.click(within(table).getByLabelText('Select all 10 matching files'));
    expect(screen.getByText('Delete selected (10)')).toBeEnabled();
    expect(within(table).getByLabelText('Unselect all matching files')).toBeChecked();
    expect(screen.getByText('All 10 matching files are selected.')).toBeVisible();
    await userEvent.click(screen.getByText('Select all 30 files in the bucket'));
    expect(screen.getByText('Delete selected (30)')).toBeEnabled();
    expect(screen.getByText('All 30 files in the bucket are selected.')).toBeVisible();
    // unselecting the matches leaves the 20 the search hides, and says so
    await userEvent.click(within(table).getByLabelText('Unselect all matching files'));
    expect(screen.getByText('Delete selected (20)')).toBeEnabled();
    expect(screen.getByText('20 selected, 20 of them not shown by the search.')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Search files'));
    await userEvent.click(within(table).getByLabelText('Select all 30 files'));
    await userEvent.click(screen.getByText('Clear selection'));
    expect(screen.getByText('Delete selected (0)')).toBeDisabled();
  });

  it('a large duplicate group lists its first 50 files until asked for all', async () => {
    const big = Array.from({ length: 60 }, (_, i) => file(`copies/same-${String(i).padStart(3, '0')}.jpg`, 7, 1));
    const job: AdminJob<DuplicateResult> = {
      id: 'find-duplicates-2',
      name: 'find-duplicates',
      state: 'completed',
      progress: { percent: 100 },
      result: {
        success: true,
        provider: 'local',
        totalFiles: 60,
        duplicateGroups: [{ type: 'size', criteria: '7 bytes', files: big }],
        totalDuplicateFiles: 60,
        potentialDeletions: 59,
        message: '1 duplicate group',
      },
      error: null,
      attemptsMade: 1,
      createdAt: day(1),
      finishedAt: day(1),
    };
    renderAdmin(<BucketManagerPage />, {
      dataProvider: {
        listJobs: () => Promise.resolve([job] as AdminJob[]),
        listBucketFiles: () => Promise.resolve(listing(2)),
        getJob: () => Promise.resolve(job),
      },
    });
    expect(await screen.findByText(/^copies\/same-049\.jpg/)).toBeVisible();
    expect(screen.queryByText(/^copies\/same-050\.jpg/)).toBeNull();
    await userEvent.click(screen.getByText('Show all 60 files (10 more)'));
    expect(screen.getByText(/^copies\/same-059\.jpg/)).toBeVisible();
  });

  it('deletes the selection in one call after a confirmation, then reloads the list', async () => {
    let current = listing(3);
    const listBucketFiles = vi.fn(() => Promise.resolve(current));
    const deleteBucketFiles = vi.fn((keys: string[]) => {
      current = { ...current, files: current.files.filter((f) => !keys.includes(f.key)) };
      current.totalFiles = current.files.length;
      return Promise.resolve({ message: 'ok', deleted: keys, errors: [], mediaDeleted: 0 });
    });
    renderAdmin(<BucketManagerPage />, { dataProvider: { ...noJobs, listBucketFiles, deleteBucketFiles } });
    const table = await screen.findByRole('table', { name: 'Bucket files' });
    await userEvent.click(within(table).getByLabelText('Select library/img-00000.jpg'));
    await userEvent.click(within(table).getByLabelText('Select library/img-00002.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete files from the bucket' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete 2 files (2 KB)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 files' }));
    expect(deleteBucketFiles).toHaveBeenCalledTimes(1);
    expect(deleteBucketFiles.mock.calls[0]![0]).toEqual(['library/img-00000.jpg', 'library/img-00002.jpg']);
    expect(await screen.findByText('Deleted 2 files')).toBeVisible();
    await waitFor(() => expect(listBucketFiles).toHaveBeenCalledTimes(2), { timeout: 4000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(RELOAD_AFTER_DELETE_MS).toBe(1000);
  });

  it("says 'Failed to load bucket files' when the listing fails", async () => {
    renderAdmin(<BucketManagerPage />, {
      dataProvider: { ...noJobs, listBucketFiles: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect(await screen.findAllByText(TEXTS.bucketLoadFailed)).not.toHaveLength(0);
  });

  it('a failed delete shows the server message and keeps the selection', async () => {
    renderAdmin(<BucketManagerPage />, {
      dataProvider: {
        ...noJobs,
        listBucketFiles: () => Promise.resolve(listing(2)),
        deleteBucketFiles: () => Promise.reject(httpError(404, { message: 'File not found: library/img-00000.jpg' })),
      },
    });
    const table = await screen.findByRole('table', { name: 'Bucket files' });
    await userEvent.click(within(table).getByLabelText('Select library/img-00000.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1 files' }));
    expect(await screen.findByText('File not found: library/img-00000.jpg')).toBeVisible();
    expect(within(table).getByLabelText('Select library/img-00000.jpg')).toBeChecked();
  });
});
