import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { AdminJob, DbTestAnswer, DbTestName } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import DbAdminPage, { RECHECK_AFTER_IMPORT_MS } from './DbAdminPage';

const stats = { totalUsers: 12, totalMedia: 340, totalVotes: 9000, totalViews: 9100 };
const answers: Record<DbTestName, DbTestAnswer> = {
  connection: {
    success: true,
    durationMs: 3,
    message: 'Database connection OK',
    engine: 'pglite',
    version: 'PostgreSQL 17.4 on x',
  },
  schema: {
    success: true,
    durationMs: 12,
    tables: [
      { name: 'media', columns: 9 },
      { name: 'users', columns: 8 },
    ],
  },
  counts: { success: true, durationMs: 5, totalUsers: 12, totalMedia: 340 },
  queries: { success: true, durationMs: 7, queries: [{ name: 'Newest media', rowCount: 5, durationMs: 2 }] },
};

const base = {
  getStats: () => Promise.resolve(stats),
  getRenditionBacklog: () => Promise.resolve({ pending: 1234, failed: 2, outdated: 5 }),
  listBackups: () => Promise.resolve([]),
  listJobs: () => Promise.resolve([] as AdminJob[]),
  runDbTest: (name: DbTestName) => Promise.resolve(answers[name]),
};

describe('DB Admin', () => {
  it('runs the four tests: status, result, error and duration; a failing one shows the reason or HTTP status', async () => {
    const runDbTest = vi.fn((name: DbTestName) =>
      name === 'schema'
        ? Promise.reject(httpError(503, { message: 'Schema check failed: missing tables votes' }))
        : name === 'queries'
          ? Promise.reject(httpError(500))
          : Promise.resolve(answers[name]),
    );
    renderAdmin(<DbAdminPage />, { dataProvider: { ...base, runDbTest } });
    const row = (n: string) => screen.getByTestId(`db-test-${n}`);
    await waitFor(() => expect(within(row('queries')).getByText('error')).toBeVisible());
    expect(within(row('connection')).getByText('success')).toBeVisible();
    expect(within(row('connection')).getByText('Database connection OK · pglite · PostgreSQL 17.4')).toBeVisible();
    expect(within(row('connection')).getByText('3 ms')).toBeVisible();
    expect(within(row('schema')).getByText('Schema check failed: missing tables votes')).toBeVisible();
    expect(within(row('counts')).getByText('Users: 12, Media: 340')).toBeVisible();
    expect(within(row('queries')).getByText('HTTP 500')).toBeVisible();
    // one at a time, in the spec's order
    expect(runDbTest.mock.calls.map((c) => c[0])).toEqual(['connection', 'schema', 'counts', 'queries']);
  });

  it('a test that cannot reach the server says its own failure text', async () => {
    renderAdmin(<DbAdminPage />, {
      dataProvider: { ...base, runDbTest: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect(await within(screen.getByTestId('db-test-connection')).findByText(TEXTS.connectionFailed)).toBeVisible();
    expect(await within(screen.getByTestId('db-test-queries')).findByText(TEXTS.queriesFailed)).toBeVisible();
  });

  it('shows the Users, Media, Votes and Views cards', async () => {
    renderAdmin(<DbAdminPage />, { dataProvider: base });
    expect(await screen.findByText('9,000')).toBeVisible();
    expect(screen.getByText('9,100')).toBeVisible();
    expect(screen.getByRole('link', { name: /Media\s*340/ })).toHaveAttribute('href', '/media');
  });

  it('Database Reset: a warning, then the exact phrase; Cancel at either step returns with nothing done', async () => {
    const resetDatabase = vi.fn(() =>
      Promise.resolve({ success: true, message: 'Database reset: users, media, votes and views were deleted.' }),
    );
    renderAdmin(<DbAdminPage />, { dataProvider: { ...base, resetDatabase } });
    const open = await screen.findByRole('button', { name: 'Reset Database' });
    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());

    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Final confirmation' });
    const confirm = within(dialog).getByRole('button', { name: 'Reset Database' });
    await userEvent.type(within(dialog).getByLabelText('Confirmation'), 'RESET DATABASE ');
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resetDatabase).not.toHaveBeenCalled();

    await userEvent.click(open);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const again = screen.getByRole('dialog', { name: 'Final confirmation' });
    expect(within(again).getByLabelText('Confirmation')).toHaveValue(''); // starts over
    await userEvent.type(within(again).getByLabelText('Confirmation'), 'RESET DATABASE');
    await userEvent.click(within(again).getByRole('button', { name: 'Reset Database' }));
    await waitFor(() => expect(resetDatabase).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/^Database reset: users, media/)).toBeVisible();
  });

  it("a failed reset says 'Database reset failed' and keeps the dialog", async () => {
    renderAdmin(<DbAdminPage />, {
      dataProvider: { ...base, resetDatabase: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Database' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText('Confirmation'), 'RESET DATABASE{Enter}');
    expect(await screen.findByText(TEXTS.resetFailed)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Final confirmation' })).toBeVisible();
  });

  it('Import Media from Bucket shows the totals when the job completes, then re-runs the checks (1 s later)', async () => {
    const done: AdminJob = {
      id: 'import-media-1',
      name: 'import-media',
      state: 'completed',
      progress: { percent: 100, imported: 30, skipped: 2, errors: 1 },
      result: { imported: 30, skipped: 2, errors: 1, totalFiles: 33 },
      error: null,
      attemptsMade: 1,
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:00:04Z',
    };
    const getJob = vi
      .fn()
      .mockResolvedValueOnce({ ...done, state: 'active', result: null, finishedAt: null, progress: { percent: 50 } })
      .mockResolvedValue(done);
    const runDbTest = vi.fn((name: DbTestName) => Promise.resolve(answers[name]));
    renderAdmin(<DbAdminPage />, {
      dataProvider: {
        ...base,
        runDbTest,
        getJob,
        startImport: () => Promise.resolve({ jobId: 'import-media-1', alreadyRunning: false }),
      },
    });
    await waitFor(() => expect(runDbTest).toHaveBeenCalledTimes(4));
    await userEvent.click(screen.getByRole('button', { name: 'Import Media from Bucket' }));
    const card = screen.getByRole('region', { name: 'Import Media from Bucket' });
    await waitFor(() => expect(within(card).getByText('Completed')).toBeVisible(), { timeout: 5000 });
    const result = within(card).getByLabelText('Import result');
    expect(
      within(result)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['33', '30', '2', '1']);
    expect(await screen.findByText('Imported 30 of 33 files (2 skipped, 1 errors)')).toBeVisible();
    await waitFor(() => expect(runDbTest).toHaveBeenCalledTimes(8), { timeout: 5000 });
    expect(RECHECK_AFTER_IMPORT_MS).toBe(1000);
  });

  it('Generate missing renditions: the backlog, a start that can retry failed items, progress, then the counts', async () => {
    const done: AdminJob = {
      id: 'generate-renditions-1',
      name: 'generate-renditions',
      state: 'completed',
      progress: { percent: 100 },
      result: { total: 1236, made: 1235, unrenderable: 1, skipped: 0 },
      error: null,
      attemptsMade: 1,
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:10:00Z',
    };
    const getJob = vi
      .fn()
      .mockResolvedValueOnce({ ...done, state: 'active', result: null, finishedAt: null, progress: { percent: 40 } })
      .mockResolvedValue(done);
    const startRenditions = vi.fn(() => Promise.resolve({ jobId: done.id, alreadyRunning: false }));
    renderAdmin(<DbAdminPage />, { dataProvider: { ...base, getJob, startRenditions } });
    const card = screen.getByRole('region', { name: 'Generate missing renditions' });
    expect(
      await within(card).findByText('1,234 waiting · 2 could not be rendered · 5 to remake after the upgrade'),
    ).toBeVisible();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Also retry the ones that failed' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Generate missing renditions' }));
    expect(startRenditions).toHaveBeenCalledWith(true);
    await waitFor(() => expect(within(card).getByText('Completed')).toBeVisible(), { timeout: 5000 });
    expect(
      within(within(card).getByLabelText('Renditions result'))
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1,236', '1,235', '1']);
    expect(await screen.findByText('Renditions made for 1,235 of 1,236 items')).toBeVisible();
  });

  it('Database backups: none yet, Back up now shows the job, then the new backup is listed newest first', async () => {
    const taken = {
      name: 'vibe-db-2026-11-29T04-00-00-000Z.tar.gz',
      bytes: 2_400_000,
      takenAt: '2026-11-29T04:00:00Z',
    };
    const done: AdminJob = {
      id: 'backup-database-1',
      name: 'backup-database',
      state: 'completed',
      progress: { percent: 100 },
      result: { backup: taken, removed: [] },
      error: null,
      attemptsMade: 1,
      createdAt: '2026-11-29T04:00:00Z',
      finishedAt: '2026-11-29T04:00:03Z',
    };
    const listBackups = vi.fn().mockResolvedValueOnce([]).mockResolvedValue([taken]);
    const getJob = vi
      .fn()
      .mockResolvedValueOnce({ ...done, state: 'active', result: null, finishedAt: null })
      .mockResolvedValue(done);
    const startBackup = vi.fn(() => Promise.resolve({ jobId: done.id, alreadyRunning: false }));
    renderAdmin(<DbAdminPage />, { dataProvider: { ...base, listBackups, getJob, startBackup } });
    const card = screen.getByRole('region', { name: 'Database backups' });
    expect(await within(card).findByText('No backup yet')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Back up now' }));
    expect(startBackup).toHaveBeenCalledOnce();
    expect(await screen.findByText('Backup written: vibe-db-2026-11-29T04-00-00-000Z.tar.gz (2.4 MB)')).toBeVisible();
    const table = await within(card).findByRole('table', { name: 'Database backups' });
    expect(within(table).getByText(taken.name)).toBeVisible();
    expect(within(table).getByText('2.4 MB')).toBeVisible();
    expect(within(card).getByText(/^Last backup: /)).toBeVisible();
  });
});
