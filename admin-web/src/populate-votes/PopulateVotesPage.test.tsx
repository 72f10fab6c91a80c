import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { Population, PopulationAction } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import PopulateVotesPage from './PopulateVotesPage';

const pop = (over: Partial<Population>): Population => ({
  jobId: null,
  state: 'not-started',
  success: false,
  paused: false,
  message: '',
  mediaProcessed: 0,
  totalMediaCount: 0,
  totalVotesInserted: 0,
  usersCreated: 0,
  overallHotPercentage: 0,
  userIdRange: null,
  seededUsers: 0,
  plan: { mediaCount: 250, usersToCreate: 75, minVotes: 2500, maxVotes: 12500 },
  ...over,
});
const done = pop({
  state: 'completed',
  success: true,
  message: 'Vote population complete',
  mediaProcessed: 250,
  totalMediaCount: 250,
  totalVotesInserted: 7500,
  usersCreated: 50,
  overallHotPercentage: 85,
  userIdRange: '31-80',
});

describe('Populate Votes', () => {
  it('shows the warning, starts a run and fills the results grid when it completes', async () => {
    let state = pop({});
    const controlPopulation = vi.fn((action: PopulationAction) => {
      state = pop({ state: 'running', jobId: 'populate-votes-1', totalMediaCount: 250 });
      void action;
      return Promise.resolve(state);
    });
    let finishRun = false;
    const getPopulation = vi.fn(() => Promise.resolve(state));
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation,
        controlPopulation,
        // the run ends only once the test has seen it running: a poll that ended it at once could
        // unmount Pause between finding it and asserting on it on a loaded machine
        getJob: () => {
          if (finishRun) state = done;
          return Promise.resolve({
            id: 'populate-votes-1',
            name: 'populate-votes' as const,
            state: 'active' as const,
            progress: { percent: 40, mediaProcessed: 100 },
            result: null,
            error: null,
            attemptsMade: 1,
            createdAt: '2026-01-01T00:00:00Z',
            finishedAt: null,
          });
        },
      },
    });
    expect(await screen.findByText(/10-50 votes to every media/)).toBeVisible();
    expect(await screen.findByText('No vote population has run yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    // nothing starts before the operator has read what it adds
    const dialog = await screen.findByRole('dialog', { name: 'Start vote population?' });
    expect(dialog).toHaveTextContent(/every one of the 250 media/);
    expect(dialog).toHaveTextContent(/between 2,500 and 12,500 votes/);
    expect(dialog).toHaveTextContent(/75 new fake users/);
    expect(controlPopulation).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start population' }));
    expect(controlPopulation).toHaveBeenCalledWith('start', false);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
    finishRun = true;
    expect(await screen.findByText('250 of 250', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('7,500')).toBeVisible();
    expect(screen.getByText('85%')).toBeVisible();
    expect(screen.getByText('31-80')).toBeVisible();
    expect(
      await screen.findByText('Vote population complete', { selector: '.MuiSnackbarContent-message' }),
    ).toBeVisible();
  });

  it('offers Continue and Stop when paused', async () => {
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation: () =>
          Promise.resolve(
            pop({ state: 'paused', paused: true, jobId: 'populate-votes-2', mediaProcessed: 10, totalMediaCount: 20 }),
          ),
        getJob: () => Promise.reject(httpError(404)),
      },
    });
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    expect(screen.getByText('10 of 20')).toBeVisible();
  });

  it("a refused action shows the server's reason, else 'Population failed'", async () => {
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation: () => Promise.resolve(pop({})),
        controlPopulation: () =>
          Promise.reject(
            httpError(409, { message: 'There is no media to add votes to: upload or import media first' }),
          ),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start population' }));
    expect(await screen.findByText('There is no media to add votes to: upload or import media first')).toBeVisible();
  });

  it("while an earlier population's users exist, Start needs a second, explicit agreement", async () => {
    const controlPopulation = vi.fn(() => Promise.resolve(pop({ state: 'running', jobId: 'populate-votes-3' })));
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation: () => Promise.resolve({ ...done, seededUsers: 1234 }),
        controlPopulation,
        getJob: () => Promise.reject(httpError(404)),
        listJobs: () => Promise.resolve([]),
      },
    });
    expect(await screen.findByText(/1,234 fake users of past populations are in the database/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start vote population?' });
    expect(dialog).toHaveTextContent(
      /A previous population's 1,234 fake users and their votes are still in the database/,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Add another population' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Add another population anyway' }));
    await userEvent.click(confirm);
    expect(controlPopulation).toHaveBeenCalledWith('start', true);
  });

  it('"Remove populated votes and users" asks first, then runs as a job', async () => {
    const startPopulationRemoval = vi.fn(() =>
      Promise.resolve({ jobId: 'remove-population-1', alreadyRunning: false }),
    );
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation: () => Promise.resolve({ ...done, seededUsers: 50 }),
        startPopulationRemoval,
        listJobs: () => Promise.resolve([]),
        getJob: () =>
          Promise.resolve({
            id: 'remove-population-1',
            name: 'remove-population' as const,
            state: 'active' as const,
            progress: { percent: 40, usersRemoved: 20, totalUsers: 50 },
            result: null,
            error: null,
            attemptsMade: 1,
            createdAt: '2026-01-01T00:00:00Z',
            finishedAt: null,
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove populated votes and users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove populated votes and users?' });
    expect(dialog).toHaveTextContent(/This deletes 50 fake users with all their votes and views/);
    expect(startPopulationRemoval).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(startPopulationRemoval).toHaveBeenCalled();
    expect(await screen.findByRole('progressbar', { name: 'Removal progress' })).toBeVisible();
  });

  it('Fix User Sequence shows the next user id, or the failure text', async () => {
    const fixUserSequence = vi
      .fn()
      .mockResolvedValueOnce({ success: true, nextUserId: 81 })
      .mockRejectedValueOnce(new TypeError('x'));
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: { getPopulation: () => Promise.resolve(pop({})), fixUserSequence },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fix User Sequence' }));
    expect(await screen.findByText('Next user ID: 81')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Fix User Sequence' }));
    await waitFor(() => expect(screen.getAllByText(TEXTS.fixSequenceFailed).length).toBeGreaterThan(0));
  });
});
