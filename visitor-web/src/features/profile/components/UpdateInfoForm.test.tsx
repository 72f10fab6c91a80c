import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { clearToasts, useToasts } from '../../../components/toast-store';
import { renderHook } from '@testing-library/react';
import type { Session } from '../../../api/types';
import { UpdateInfoForm } from './UpdateInfoForm';

const user: Session = {
  id: 3,
  sessionId: 'S'.repeat(32),
  username: 'HappyJumpingOtter',
  email: null,
  emailVerified: false,
  latitude: null,
  longitude: null,
  createdAt: '2025-03-05T10:00:00Z',
  banned: false,
};

const fetchMock = vi.fn();
beforeEach(() => {
  clearToasts();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lastToast = () => renderHook(() => useToasts()).result.current[0];

describe('UpdateInfoForm', () => {
  it('says No Changes when nothing changed and sends nothing', async () => {
    const u = userEvent.setup();
    renderWithProviders(<UpdateInfoForm user={user} onSaved={() => {}} />);
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(lastToast()).toMatchObject({ title: 'No Changes', description: 'No changes were made to your profile.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('blocks a taken username', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ available: false }), { status: 200 }));
    const u = userEvent.setup();
    renderWithProviders(<UpdateInfoForm user={user} onSaved={() => {}} />);
    const input = screen.getByLabelText('Username');
    await u.clear(input);
    await u.type(input, 'TakenName');
    expect(await screen.findByText('Username is already taken', {}, { timeout: 2000 })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(lastToast()).toMatchObject({
      title: 'Username Unavailable',
      description: 'Please choose a different username.',
    });
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/users/check-username/'))).toBe(true);
  });

  it('sends only the changed fields and reports Profile Updated', async () => {
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/users/check-username/'))
        return new Response(JSON.stringify({ available: true }), { status: 200 });
      return new Response(JSON.stringify({ ...user, email: JSON.parse(String(init?.body)).email }), { status: 200 });
    });
    const onSaved = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<UpdateInfoForm user={user} onSaved={onSaved} />);
    await u.type(screen.getByLabelText(/Email/), 'me@example.com');
    await act(async () => {
      await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    const patch = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/users/3');
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ email: 'me@example.com' });
    expect(onSaved).toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Profile Updated' });
  });
});
