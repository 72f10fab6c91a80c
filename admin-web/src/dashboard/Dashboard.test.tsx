import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { httpError, renderAdmin } from '../test/render';
import Dashboard from './Dashboard';

describe('Dashboard', () => {
  it('shows users, media, votes and views, each a link to its page', async () => {
    renderAdmin(<Dashboard />, {
      dataProvider: {
        getStats: () =>
          Promise.resolve({
            totalUsers: 1200,
            totalMedia: 340,
            totalVotes: 1_000_000,
            totalViews: 2_500_000,
            seededUsers: 0,
          }),
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

  it("counts the vote population's fake users apart from real users", async () => {
    renderAdmin(<Dashboard />, {
      dataProvider: {
        getStats: () =>
          Promise.resolve({ totalUsers: 6200, totalMedia: 340, totalVotes: 9000, totalViews: 9000, seededUsers: 5000 }),
        getDailyStats: () => Promise.reject(httpError(503, { message: 'stats unavailable' })),
      },
    });
    expect(await screen.findByRole('link', { name: /Users\s*1,200\s*plus 5,000 populated/ })).toBeVisible();
  });
});
