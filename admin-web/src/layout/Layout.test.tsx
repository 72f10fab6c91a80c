import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApp } from '../App';
import { TEXTS } from '../lib/texts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderApp(path: string) {
  const seen: Location[] = [];
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => seen.push(l)}>
      <AdminApp />
    </TestMemoryRouter>,
  );
  return seen;
}

describe('the portal and its session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the login form at / once, from any admin path, and makes no API call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const seen = renderApp('/bucket');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByText(TEXTS.missingToken)).toBeVisible();
    await new Promise((r) => setTimeout(r, 300));
    const paths = [...new Set(seen.map((l) => l.key))].length;
    expect(paths).toBe(2); // /bucket, then / — and nothing after
    expect(seen.at(-1)!.pathname).toBe('/');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logs in with Enter and goes back to the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/admin/login'
            ? json(200, { token: 'tok', expiresAt: '2030-01-01T00:00:00Z', username: 'admin' })
            : url.includes('history') || url.includes('/jobs')
              ? json(200, [])
              : json(200, { idleRedirectTime: 300, idleRedirectUrl: '', isActive: false, id: 1, createdAt: null }),
        ),
      ),
    );
    const seen = renderApp('/traffic-handlers');
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'pass-word{Enter}');
    await waitFor(() => expect(seen.at(-1)!.pathname).toBe('/traffic-handlers'));
    expect(await screen.findByText(TEXTS.loginSuccess)).toBeVisible();
    expect(localStorage.getItem('adminToken')).toBe('tok');
  });

  it('a 401 from any call says the session may have expired and shows the login', async () => {
    localStorage.setItem('adminToken', 'expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { message: 'Admin session expired' }))),
    );
    renderApp('/users');
    expect(await screen.findByText(TEXTS.sessionExpired)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('a 500 keeps the operator logged in', async () => {
    localStorage.setItem('adminToken', 'good');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(500, { message: 'database down' }))),
    );
    renderApp('/dbtest');
    expect(await screen.findAllByText('database down', {}, { timeout: 10_000 })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(localStorage.getItem('adminToken')).toBe('good');
  });
});
