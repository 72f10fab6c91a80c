import { screen, waitFor } from '@testing-library/react';
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
    const getPopulation = vi.fn(() => Promise.resolve(state));
    renderAdmin(<PopulateVotesPage />, {
      dataProvider: {
        getPopulation,
        controlPopulation,
        getJob: () => {
          state = done;
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
    expect(controlPopulation).toHaveBeenCalledWith('start');
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
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
    expect(await screen.findByText('There is no media to add votes to: upload or import media first')).toBeVisible();
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
