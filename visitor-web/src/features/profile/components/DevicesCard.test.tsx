import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToasts } from '../../../components/toast-store';
import { renderWithProviders } from '../../../test/render';
import { DEVICE_TEXTS as T } from '../devices-texts';
import { DevicesCard, lastSeenLabel } from './DevicesCard';

const now = new Date().toISOString();
const devices = [
  {
    id: 7,
    browser: 'Firefox',
    system: 'Windows',
    network: '198.51.100.7',
    createdAt: now,
    lastSeenAt: now,
    current: true,
  },
  {
    id: 9,
    browser: 'Safari',
    system: 'iOS',
    network: null,
    createdAt: '2026-11-01T10:00:00Z',
    lastSeenAt: '2026-11-02T09:05:00Z',
    current: false,
  },
];

const fetchMock = vi.fn();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
beforeEach(() => {
  clearToasts();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lastToast = () => renderHook(() => useToasts()).result.current[0];
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

describe('DevicesCard', () => {
  it('lists each signed-in browser with its system, network and last seen, this one marked', async () => {
    fetchMock.mockImplementation(async () => json(devices));
    renderWithProviders(<DevicesCard onLogout={() => {}} />);
    const list = await screen.findByTestId('devices');
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent(`Firefox on Windows${T.thisDevice}`);
    expect(mine).toHaveTextContent(`198.51.100.7 · ${T.activeNow}`);
    expect(phone).toHaveTextContent('Safari on iOS');
    expect(phone).toHaveTextContent(T.unknownNetwork);
    expect(phone).not.toHaveTextContent(T.thisDevice);
    expect(screen.getByRole('heading', { name: T.title })).toBeInTheDocument();
  });

  it('"Sign out" ends another device; on this device it is the app\'s Logout', async () => {
    let listed = devices;
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.method === 'DELETE') {
        listed = devices.filter((d) => d.id !== 9);
        return new Response(null, { status: 204 });
      }
      return json(listed);
    });
    const onLogout = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<DevicesCard onLogout={onLogout} />);
    await u.click(await screen.findByRole('button', { name: `${T.signOut}: Safari on iOS` }));
    expect(
      await screen.findByRole('button', { name: `${T.signOut}: Firefox on Windows (${T.thisDevice})` }),
    ).toBeEnabled();
    expect(calls()).toContain('DELETE /api/session/devices/9');
    expect(lastToast()).toMatchObject({ title: T.signedOutOne });
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    // with no other device left, "Sign out everywhere else" is gone
    expect(screen.queryByRole('button', { name: T.signOutOthers })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: `${T.signOut}: Firefox on Windows (${T.thisDevice})` }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(calls().filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
  });

  it('"Sign out everywhere else" ends the others and says how many', async () => {
    let listed = devices;
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        listed = devices.filter((d) => d.current);
        return json({ ended: 1 });
      }
      return json(listed);
    });
    const u = userEvent.setup();
    renderWithProviders(<DevicesCard onLogout={() => {}} />);
    await u.click(await screen.findByRole('button', { name: T.signOutOthers }));
    expect(calls()).toContain('POST /api/session/devices/sign-out-others');
    expect(lastToast()).toMatchObject({ title: T.signedOutOthers(1) });
    expect(T.signedOutOthers(1)).toBe('1 other device signed out');
    expect(T.signedOutOthers(3)).toBe('3 other devices signed out');
  });

  it('says "Active now" within two minutes, else the day and time', () => {
    const at = new Date(2026, 10, 2, 9, 5);
    expect(lastSeenLabel(at.toISOString(), at.getTime() + 60_000)).toBe(T.activeNow);
    expect(lastSeenLabel(at.toISOString(), at.getTime() + 3 * 60_000)).toBe('Last seen 02/Nov/2026 09:05');
  });
});
