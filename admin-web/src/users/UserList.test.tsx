import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { AdminUser } from '../providers/types';
import { httpError, renderAdmin } from '../test/render';
import UserList from './UserList';

const user = (id: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username: `User${id}`,
  email: null,
  emailVerified: false,
  latitude: null,
  longitude: null,
  totalUploads: 1,
  totalVotes: 2,
  totalViews: 3,
  createdAt: '2026-01-01T12:00:00Z',
  ...over,
});

describe('Users', () => {
  it('shows the totals and User, Contact, Location, Activity, Joined; places from the geocoder, else coordinates', async () => {
    const users = [
      user(1, { email: 'a@example.com', emailVerified: true, latitude: 52.5201, longitude: 13.4049 }),
      user(2, { latitude: 64.14663, longitude: -21.94267 }),
      user(3),
    ];
    const geocode = vi.fn((lat: number) =>
      lat > 60
        ? Promise.reject(httpError(503))
        : Promise.resolve({ label: 'Berlin, Germany', source: 'geocoder' as const }),
    );
    renderAdmin(<UserList />, {
      dataProvider: {
        getList: () => Promise.resolve({ data: users, total: 3 }),
        getUserTotals: () => Promise.resolve({ totalUsers: 3, activeUsers: 2, savedAccounts: 1 }),
        geocode,
      },
    });
    for (const col of ['User', 'Contact', 'Location', 'Activity', 'Joined']) {
      expect(await screen.findByRole('columnheader', { name: col })).toBeVisible();
    }
    expect(await screen.findByText('Berlin, Germany')).toBeVisible();
    expect(await screen.findByText('64.15, -21.94')).toBeVisible();
    expect(screen.getByText('Not shared')).toBeVisible();
    expect(screen.getByText('Verified')).toBeVisible();
    expect(screen.getAllByText('1 uploads · 2 votes · 3 views')).toHaveLength(3);
    const saved = screen.getByText('Saved accounts').closest('div')!.parentElement!;
    expect(within(saved).getByText('1')).toBeVisible();
    expect(geocode).toHaveBeenCalledWith(52.5201, 13.4049);
  });

  it("says 'Failed to fetch users data' when the list cannot load", async () => {
    renderAdmin(<UserList />, {
      dataProvider: {
        getList: () => Promise.reject(new TypeError('Failed to fetch')),
        getUserTotals: () => Promise.resolve({ totalUsers: 0, activeUsers: 0, savedAccounts: 0 }),
      },
    });
    expect(await screen.findByText(TEXTS.fetchUsersFailed)).toBeVisible();
  });
});
