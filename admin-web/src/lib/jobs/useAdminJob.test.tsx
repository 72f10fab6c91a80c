import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localStorageStore, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { AdminJob, JobStart } from '../../api/types';
import { httpError, renderAdmin } from '../../test/render';
import { JobProgress } from '../../components/JobProgress';
import { useAdminJob } from './useAdminJob';

const job = (id: string, state: AdminJob['state'], percent: number, result: unknown = null): AdminJob => ({
  id,
  name: 'import-media',
  state,
  progress: { percent, imported: percent },
  result,
  error: null,
  attemptsMade: 1,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: state === 'completed' ? '2026-01-01T00:00:05Z' : null,
});

function ImportPanel({ start, onDone }: { start: () => Promise<JobStart>; onDone?: (j: AdminJob) => void }) {
  const j = useAdminJob('import-media', { start, onDone, failureText: 'Media import failed' });
  return (
    <div>
      <button onClick={j.start} disabled={j.running}>
        Import
      </button>
      {j.job && <JobProgress job={j.job} label="Import" />}
    </div>
  );
}

describe('useAdminJob', () => {
  it('polls the job until it ends, shows its progress, and reports the end once', async () => {
    const states = [job('import-media-1', 'active', 40), job('import-media-1', 'completed', 100, { imported: 3 })];
    const getJob = vi.fn(() => Promise.resolve(states.length > 1 ? states.shift()! : states[0]!));
    const onDone = vi.fn();
    renderAdmin(
      <ImportPanel start={() => Promise.resolve({ jobId: 'import-media-1', alreadyRunning: false })} onDone={onDone} />,
      { dataProvider: { listJobs: () => Promise.resolve([]), getJob } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 5000 });
    expect(screen.getByText('Completed')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]![0].result).toEqual({ imported: 3 });
    const polls = getJob.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(getJob.mock.calls.length).toBe(polls); // no polling after the end
  });

  it('keeps the job in the store: a page mounted again (navigation, reload) shows the same job', async () => {
    // the app's own store kind: localStorage outlives the page
    const store = localStorageStore('1', 'adm-test');
    const getJob = vi.fn(() => Promise.resolve(job('import-media-2', 'completed', 100)));
    const first = renderAdmin(
      <ImportPanel start={() => Promise.resolve({ jobId: 'import-media-2', alreadyRunning: false })} />,
      { store, dataProvider: { listJobs: () => Promise.resolve([]), getJob } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Completed');
    first.unmount();
    renderAdmin(<ImportPanel start={() => Promise.reject(new Error('not called'))} />, {
      store,
      dataProvider: { listJobs: () => Promise.resolve([]), getJob },
    });
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('attaches to a job that answers 409 already running, and says so', async () => {
    const getJob = vi.fn(() => Promise.resolve(job('import-media-9', 'active', 70)));
    renderAdmin(<ImportPanel start={() => Promise.resolve({ jobId: 'import-media-9', alreadyRunning: true })} />, {
      dataProvider: { listJobs: () => Promise.resolve([]), getJob },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Media from Bucket is already running: showing its progress')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '70'),
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('attaches to a running job of its kind found in the jobs list (started elsewhere)', async () => {
    const running = job('import-media-5', 'active', 25);
    renderAdmin(<ImportPanel start={() => Promise.reject(new Error('not called'))} />, {
      dataProvider: { listJobs: () => Promise.resolve([running]), getJob: () => Promise.resolve(running) },
    });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '25'),
    );
  });

  it('forgets a job the server no longer knows (404), and does not attach to it again', async () => {
    const store = memoryStore({ 'jobs.import-media': 'import-media-gone' });
    const getJob = vi.fn(() => Promise.reject(httpError(404, { message: 'Job not found' })));
    renderAdmin(<ImportPanel start={() => Promise.reject(new Error('not called'))} />, {
      store,
      dataProvider: {
        listJobs: () => Promise.resolve([job('import-media-gone', 'completed', 100)]),
        getJob,
      },
    });
    await waitFor(() => expect(store.getItem('jobs.import-media')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(store.getItem('jobs.import-media')).toBeNull();
    expect(getJob).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("with nothing kept in this browser, shows the kind's latest run from the jobs list", async () => {
    const last = job('import-media-3', 'completed', 100, { imported: 9 });
    renderAdmin(<ImportPanel start={() => Promise.reject(new Error('not called'))} />, {
      dataProvider: {
        listJobs: () =>
          Promise.resolve([{ ...job('find-duplicates-1', 'active', 5), name: 'find-duplicates' as const }, last]),
        getJob: () => Promise.resolve(last),
      },
    });
    expect(await screen.findByText('Completed')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});
