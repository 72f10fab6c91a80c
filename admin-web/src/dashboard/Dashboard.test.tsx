import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { httpError, renderAdmin } from '../test/render';
import Dashboard from './Dashboard';

describe('Dashboard', () => {
  it('shows users, media, votes and views, each a link to its page', async () => {
    renderAdmin(<Dashboard />, {
      dataProvider: {
        getStats: () =>
          Promise.resolve({ totalUsers: 1200, totalMedia: 340, totalVotes: 1_000_000, totalViews: 2_500_000 }),
        getDailyStats: () => Promise.reject(httpError(503, { message: 'stats unavailable' })),
      },
    });
    expect(await screen.findByRole('link', { name: /Users\s*1,200/ })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: /Media\s*340/ })).toHaveAttribute('href', '/media');
    expect(screen.getByRole('link', { name: /Votes\s*1,000,000/ })).toHaveAttribute('href', '/export-votes');
    expect(screen.getByRole('link', { name: /Views\s*2,500,000/ }).getAttribute('href')).toMatch(
      /^\/media\?sort=totalViews/,
    );
    expect(await screen.findByText('Daily statistics are not available: stats unavailable')).toBeVisible();
  });
});
