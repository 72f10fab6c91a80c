import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminJob } from '../api/types';
import { renderAdmin } from '../test/render';
import { JobsIndicator } from './JobsIndicator';

const job = (
  id: string,
  name: AdminJob['name'],
  state: AdminJob['state'],
  percent: number,
  error: string | null = null,
): AdminJob => ({
  id,
  name,
  state,
  progress: { percent, mediaProcessed: 12 },
  result: null,
  error,
  attemptsMade: 1,
  createdAt: '2026-01-01T10:00:00Z',
  finishedAt: state === 'completed' || state === 'failed' ? '2026-01-01T10:01:00Z' : null,
});

describe('JobsIndicator', () => {
  it('counts the running jobs and lists running and recent ones with links to their pages', async () => {
    renderAdmin(<JobsIndicator />, {
      dataProvider: {
        listJobs: () =>
          Promise.resolve([
            job('populate-votes-2', 'populate-votes', 'active', 45),
            job('find-duplicates-1', 'find-duplicates', 'failed', 10, 'Storage unreachable'),
            job('import-media-1', 'import-media', 'completed', 100),
          ]),
      },
    });
    const button = await screen.findByRole('button', { name: 'Jobs: 1 running' });
    await userEvent.click(button);
    const list = screen.getByRole('dialog', { name: 'Jobs' });
    expect(within(list).getByRole('link', { name: 'Vote population' })).toHaveAttribute('href', '/populate-votes');
    expect(within(list).getByRole('link', { name: 'Duplicate detection' })).toHaveAttribute('href', '/bucket');
    expect(within(list).getByRole('link', { name: 'Import Media from Bucket' })).toHaveAttribute('href', '/dbtest');
    expect(within(list).getByRole('progressbar', { name: 'Vote population progress' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(within(list).getByText('Storage unreachable')).toBeVisible();
    expect(within(list).getByText('Completed')).toBeVisible();
  });

  it('says when no job has run', async () => {
    renderAdmin(<JobsIndicator />, { dataProvider: { listJobs: () => Promise.resolve([]) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Jobs' }));
    expect(screen.getByText(/No jobs have run yet/)).toBeVisible();
  });
});
