import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Dashboard from './Dashboard';
import { ok, renderAdmin } from '../test/render';
import type { HealthReport } from '../providers/data-provider';

const totals = () => Promise.resolve({ totalUsers: 1, totalMedia: 2, totalVotes: 3, totalViews: 4, seededUsers: 0 });
const days = () => Promise.resolve({ days: [] });
const up = { status: 'up' as const };

describe('the Dashboard says when mail or jobs are stuck', () => {
  it('a banner names each stuck part with the reason the report gives', async () => {
    const report: HealthReport = {
      status: 'degraded',
      version: { version: '0.1.0', commit: 'abc1234def56' },
      details: {
        database: up,
        storage: up,
        mail: { status: 'degraded', message: 'Sign-in mail is not going out: the oldest has waited 300 s' },
        jobs: {
          status: 'degraded',
          message: 'No process runs jobs or sends sign-in mail: the last heartbeat was 95 s ago (it stopped)',
        },
      },
    };
    renderAdmin(<Dashboard />, { dataProvider: { getStats: totals, getDailyStats: days, getHealth: ok(report) } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Something is stuck');
    expect(banner).toHaveTextContent('Sign-in mail: Sign-in mail is not going out: the oldest has waited 300 s');
    expect(banner).toHaveTextContent(
      'Background jobs: No process runs jobs or sends sign-in mail: the last heartbeat was 95 s ago (it stopped)',
    );
  });

  it('a dependency down makes it an error banner', async () => {
    const report: HealthReport = {
      status: 'error',
      details: { database: { status: 'down', message: 'connect ECONNREFUSED' }, storage: up, mail: up },
    };
    renderAdmin(<Dashboard />, { dataProvider: { getStats: totals, getDailyStats: days, getHealth: ok(report) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Part of the site is downDatabase: connect ECONNREFUSED',
    );
  });

  it('no banner when everything is up', async () => {
    const report: HealthReport = { status: 'ok', details: { database: up, storage: up, mail: up, jobs: up } };
    renderAdmin(<Dashboard />, { dataProvider: { getStats: totals, getDailyStats: days, getHealth: ok(report) } });
    expect(await screen.findByRole('link', { name: /Users\s*1/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
