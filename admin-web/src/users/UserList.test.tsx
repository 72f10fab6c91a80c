import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import { TRUST_TEXTS } from '../lib/trust-texts';
import type { AdminUser } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import UserList from './UserList';
import { DELETE_ACCOUNT_TEXTS } from './delete-account-texts';
import { SIGN_OUT_TEXTS } from './SignOutEverywhere';

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
  banned: false,
  bannedAt: null,
  seeded: false,
  location: null,
  locationPending: false,
  ...over,
});

describe('Users', () => {
  it('shows the totals and User, Contact, Location, Activity, Joined; places as the rows carry them, else coordinates', async () => {
    const users = [
      user(1, {
        email: 'a@example.com',
        emailVerified: true,
        latitude: 52.5201,
        longitude: 13.4049,
        location: 'Berlin, Germany',
      }),
      user(2, { latitude: 64.14663, longitude: -21.94267 }),
      user(3),
    ];
    const getList = vi.fn(() => Promise.resolve({ data: users, total: 3 }));
    renderAdmin(<UserList />, {
      dataProvider: {
        getList,
        getUserTotals: () => Promise.resolve({ totalUsers: 3, activeUsers: 2, savedAccounts: 1 }),
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
    expect(getList).toHaveBeenCalledTimes(1); // nothing pending: no polling
  });

  it('shows coordinates while a place is looked up, and asks for the page again until it has the name', async () => {
    const pending = user(1, { latitude: 52.5201, longitude: 13.4049, locationPending: true });
    const named = { ...pending, location: 'Berlin, Germany', locationPending: false };
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [pending], total: 1 })
      .mockResolvedValue({ data: [named], total: 1 });
    renderAdmin(<UserList />, {
      dataProvider: {
        getList,
        getUserTotals: () => Promise.resolve({ totalUsers: 1, activeUsers: 1, savedAccounts: 0 }),
      },
    });
    expect(await screen.findByText('52.52, 13.40')).toBeVisible();
    expect(screen.getByText('Looking up the place…')).toBeVisible();
    expect(await screen.findByText('Berlin, Germany', {}, { timeout: 6000 })).toBeVisible();
    expect(screen.queryByText('Looking up the place…')).toBeNull();
    const calls = getList.mock.calls.length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(getList.mock.calls.length).toBe(calls); // named: the polling stopped
  }, 15_000);

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

describe('Users: bans (issue 12)', () => {
  const totals = () => Promise.resolve({ totalUsers: 3, activeUsers: 2, savedAccounts: 1 });
  const users = [user(1), user(2, { banned: true, bannedAt: '2026-11-20T08:30:00Z' }), user(3)];

  it('shows who is banned, filters on it, and bans one user after a confirmation (media kept by default)', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: users, total: 3 }));
    const banUsers = vi.fn(() => Promise.resolve({ banned: [1], notFound: [], mediaDeleted: 0 }));
    renderAdmin(<UserList />, { dataProvider: { getList, getUserTotals: totals, banUsers } });
    expect(await screen.findByRole('columnheader', { name: 'Banned' })).toBeVisible();
    const banned = screen.getByText('User2').closest('tr')!;
    expect(within(banned).getByText('Banned')).toBeVisible();
    expect(within(banned).getByRole('button', { name: 'Unban User2' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Ban User1' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban user' });
    expect(dialog).toHaveTextContent(`Ban "User1"? ${TRUST_TEXTS.banEffect}`);
    expect(within(dialog).getByRole('checkbox', { name: TRUST_TEXTS.alsoDeleteMedia })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(banUsers).toHaveBeenCalledWith([1], false));
    expect(await screen.findByText('Banned 1 user')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the Banned filter: "Banned only" asks the server for banned=true
    await userEvent.click(screen.getByLabelText('Banned'));
    await userEvent.click(await screen.findByRole('option', { name: 'Banned only' }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('users', expect.objectContaining({ filter: { banned: true } })),
    );
  });

  it('unbans after a confirmation; a failure says so', async () => {
    const unbanUsers = vi
      .fn()
      .mockRejectedValueOnce(httpError(500, {}))
      .mockResolvedValueOnce({ unbanned: [2], notFound: [] });
    renderAdmin(<UserList />, {
      dataProvider: { getList: () => Promise.resolve({ data: users, total: 3 }), getUserTotals: totals, unbanUsers },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unban User2' }));
    const dialog = screen.getByRole('dialog', { name: 'Unban user' });
    expect(dialog).toHaveTextContent(TRUST_TEXTS.unbanEffect);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText(TRUST_TEXTS.unbanFailed)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('Unbanned 1 user')).toBeVisible();
    expect(unbanUsers).toHaveBeenLastCalledWith([2]);
  });

  it('bans and unbans a selection with one server call each', async () => {
    const banUsers = vi.fn(() => Promise.resolve({ banned: [1, 3], notFound: [], mediaDeleted: 5 }));
    const unbanUsers = vi.fn(() => Promise.resolve({ unbanned: [2], notFound: [] }));
    renderAdmin(<UserList />, {
      dataProvider: {
        getList: () => Promise.resolve({ data: users, total: 3 }),
        getUserTotals: totals,
        banUsers,
        unbanUsers,
      },
    });
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    // each row's checkbox names its user (not react-admin's "Select this row" on every row)
    // (the app's theme moves the label onto the input; here it stays on the checkbox's root)
    for (const name of ['User1', 'User2', 'User3'])
      expect(within(await row(name)).getByLabelText(`Select user ${name}`)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Select user User1'));
    await userEvent.click(screen.getByLabelText('Select user User3'));
    await userEvent.click(screen.getByRole('button', { name: 'Ban selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban 2 users' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: TRUST_TEXTS.alsoDeleteMedia }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban and delete media' }));
    await waitFor(() => expect(banUsers).toHaveBeenCalledTimes(1));
    expect(banUsers).toHaveBeenCalledWith([1, 3], true);
    expect(await screen.findByText('Banned 2 users, 5 media deleted')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(await row('User2')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Unban selected' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Unban user' })).getByRole('button', { name: 'Unban' }),
    );
    await waitFor(() => expect(unbanUsers).toHaveBeenCalledTimes(1));
    expect(unbanUsers).toHaveBeenCalledWith([2]);
  });
});

describe('Users: sign out everywhere (issue 27)', () => {
  it('ends every session of a user after a confirmation and says how many', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [user(1), user(2)], total: 2 }));
    const totals = () => Promise.resolve({ totalUsers: 2, activeUsers: 2, savedAccounts: 1 });
    const signOutUser = vi.fn(() => Promise.resolve({ ended: 3 }));
    renderAdmin(<UserList />, { dataProvider: { getList, getUserTotals: totals, signOutUser } });
    await userEvent.click(await screen.findByRole('button', { name: `${SIGN_OUT_TEXTS.title}: User1` }));
    const dialog = screen.getByRole('dialog', { name: SIGN_OUT_TEXTS.title });
    expect(dialog).toHaveTextContent(SIGN_OUT_TEXTS.body('User1'));
    await userEvent.click(within(dialog).getByRole('button', { name: SIGN_OUT_TEXTS.button }));
    await waitFor(() => expect(signOutUser).toHaveBeenCalledWith(1));
    expect(await screen.findByText(SIGN_OUT_TEXTS.done(3))).toBeVisible();
  });
});

describe('Users: delete account (issue 27)', () => {
  it('deletes the account after a confirmation that says what goes, and says it started', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [user(1), user(2)], total: 2 }));
    const totals = () => Promise.resolve({ totalUsers: 2, activeUsers: 2, savedAccounts: 1 });
    const deleteUserAccount = vi.fn(() => Promise.resolve({ jobId: 'delete-account-1', uploads: 2, votes: 5 }));
    renderAdmin(<UserList />, { dataProvider: { getList, getUserTotals: totals, deleteUserAccount } });
    await userEvent.click(await screen.findByRole('button', { name: `${DELETE_ACCOUNT_TEXTS.title}: User2` }));
    const dialog = screen.getByRole('dialog', { name: DELETE_ACCOUNT_TEXTS.title });
    expect(dialog).toHaveTextContent(DELETE_ACCOUNT_TEXTS.body('User2'));
    await userEvent.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.button }));
    await waitFor(() => expect(deleteUserAccount).toHaveBeenCalledWith(2));
    expect(await screen.findByText(DELETE_ACCOUNT_TEXTS.done)).toBeVisible();
  });
});
