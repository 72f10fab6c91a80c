import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { BackButtonConfig, IdleRedirectConfig } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import { checkBackButtonForm, checkIdleForm } from './idle-form';
import TrafficHandlersPage from './TrafficHandlersPage';

const idle: IdleRedirectConfig = {
  id: 1,
  idleRedirectTime: 300,
  idleRedirectUrl: '',
  isActive: false,
  createdAt: null,
};
const back: BackButtonConfig = { id: 1, backButtonUrl: '', isActive: false, createdAt: null };
const reads = {
  getIdleConfig: () => Promise.resolve(idle),
  getBackButtonConfig: () => Promise.resolve(back),
  getIdleHistory: () => Promise.resolve([]),
  getBackButtonHistory: () => Promise.resolve([]),
};

describe('idle and back-button form rules (spec §5)', () => {
  it('empty or non-numeric time becomes 30; below 30 and bad URLs get the spec texts', () => {
    expect(checkIdleForm({ idleRedirectTime: '', idleRedirectUrl: '' })).toEqual({
      ok: true,
      value: { idleRedirectTime: 30, idleRedirectUrl: '' },
    });
    expect(checkIdleForm({ idleRedirectTime: 'abc', idleRedirectUrl: '' })).toMatchObject({
      value: { idleRedirectTime: 30 },
    });
    expect(checkIdleForm({ idleRedirectTime: null, idleRedirectUrl: '' })).toMatchObject({
      value: { idleRedirectTime: 30 },
    });
    expect(checkIdleForm({ idleRedirectTime: 29, idleRedirectUrl: '' })).toMatchObject({
      ok: false,
      message: TEXTS.invalidTime,
    });
    expect(checkIdleForm({ idleRedirectTime: 3601, idleRedirectUrl: '' })).toMatchObject({ ok: false });
    expect(checkIdleForm({ idleRedirectTime: 3600, idleRedirectUrl: 'https://x.example/a' })).toMatchObject({
      ok: true,
    });
    for (const url of ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://']) {
      expect(checkIdleForm({ idleRedirectTime: 60, idleRedirectUrl: url })).toMatchObject({
        ok: false,
        message: TEXTS.invalidUrl,
      });
      expect(checkBackButtonForm({ backButtonUrl: url })).toMatchObject({ ok: false, message: TEXTS.invalidUrl });
    }
    expect(checkBackButtonForm({ backButtonUrl: '  ' })).toEqual({ ok: true, value: { backButtonUrl: '' } });
  });
});

describe('Traffic Handlers', () => {
  it("shows 'Table missing' linking to DB Admin when both reads answer 500, at once (no retries)", async () => {
    const getIdleConfig = vi.fn(() =>
      Promise.reject(httpError(500, { message: 'relation "idle_redirect_configs" does not exist' })),
    );
    const getBackButtonConfig = vi.fn(() => Promise.reject(httpError(500, {})));
    renderAdmin(<TrafficHandlersPage />, { dataProvider: { ...reads, getIdleConfig, getBackButtonConfig } });
    expect(await screen.findByText(TEXTS.tableMissing)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open DB Admin' })).toHaveAttribute('href', '/dbtest');
    expect(getIdleConfig).toHaveBeenCalledTimes(1);
    expect(getBackButtonConfig).toHaveBeenCalledTimes(1);
  });

  it("one failing read is its own card's error, not the migration notice", async () => {
    renderAdmin(<TrafficHandlersPage />, {
      dataProvider: { ...reads, getIdleConfig: () => Promise.reject(httpError(500, { message: 'boom' })) },
    });
    expect(await screen.findByText(`${TEXTS.fetchIdleFailed} (status 500): boom`)).toBeVisible();
    expect(screen.queryByText(TEXTS.tableMissing)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Save back button redirect' })).toBeInTheDocument();
  });

  it('refuses a short idle time and a relative URL with the spec texts, then saves good values', async () => {
    const saveIdleConfig = vi.fn((body: { idleRedirectTime: number; idleRedirectUrl: string }) =>
      Promise.resolve({ ...idle, id: 2, ...body, isActive: true, createdAt: '2026-01-01T00:00:00Z' }),
    );
    renderAdmin(<TrafficHandlersPage />, { dataProvider: { ...reads, saveIdleConfig } });
    const card = await screen.findByRole('region', { name: 'Idle redirect' });
    const time = await within(card).findByLabelText('Idle time (seconds)');
    await userEvent.clear(time);
    await userEvent.type(time, '20');
    await userEvent.click(within(card).getByRole('button', { name: 'Save idle redirect' }));
    expect(await within(card).findByText(TEXTS.invalidTime)).toBeVisible();
    await userEvent.clear(time);
    await userEvent.type(time, '90');
    await userEvent.type(within(card).getByLabelText('Redirect URL'), 'example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save idle redirect' }));
    expect(await within(card).findByText(TEXTS.invalidUrl)).toBeVisible();
    expect(saveIdleConfig).not.toHaveBeenCalled();
    await userEvent.clear(within(card).getByLabelText('Redirect URL'));
    await userEvent.type(within(card).getByLabelText('Redirect URL'), 'https://example.com/idle');
    expect(within(card).getByRole('region', { name: 'Preview' })).toHaveTextContent('After 1 min 30 s without a click');
    await userEvent.click(within(card).getByRole('button', { name: 'Save idle redirect' }));
    await waitFor(() =>
      expect(saveIdleConfig).toHaveBeenCalledWith({
        idleRedirectTime: 90,
        idleRedirectUrl: 'https://example.com/idle',
      }),
    );
    expect(await screen.findByText('Idle redirect saved')).toBeVisible();
    expect(within(card).getByText('90 seconds (1 min 30 s)')).toBeVisible();
  });

  it("a failed save says 'Save Failed' with the reason", async () => {
    renderAdmin(<TrafficHandlersPage />, {
      dataProvider: { ...reads, saveBackButtonConfig: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    const card = await screen.findByRole('region', { name: 'Back button redirect' });
    await userEvent.type(await within(card).findByLabelText('Redirect URL'), 'https://example.com/b');
    await userEvent.click(within(card).getByRole('button', { name: 'Save back button redirect' }));
    expect(await screen.findByText(`${TEXTS.saveFailed}: ${TEXTS.saveBackButtonFailed}`)).toBeVisible();
  });
});
