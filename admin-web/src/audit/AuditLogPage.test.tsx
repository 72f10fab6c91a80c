import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUST_TEXTS } from '../lib/trust-texts';
import { TOKEN_KEY } from '../providers/admin-session';
import { auditQuery, auditServerFilter } from '../providers/audit-filter';
import { dataProvider } from '../providers/data-provider';
import type { AuditEntry } from '../api/types';
import { renderAdmin } from '../test/render';
import AuditLogPage from './AuditLogPage';
import { defaultAuditName } from './ExportAuditButton';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-22T10:15:00Z',
  admin: 'admin',
  action: 'media.delete',
  target: `media ${id}`,
  outcome: 'ok',
  clientAddress: '203.0.113.7',
  ...over,
});
const rows = [
  entry(3, { action: 'user.ban', target: 'user 12 (HappyOtter)', detail: 'deleteMedia: true, 4 media deleted' }),
  entry(2, { action: 'db.reset', outcome: 'failed', detail: 'wrong phrase', clientAddress: '::1' }),
  entry(1, { action: 'something.new' }),
];

describe('Audit log', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists time, admin, action, target, outcome, client address and detail, newest first', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 3 }));
    renderAdmin(<AuditLogPage />, { dataProvider: { getList } });
    for (const col of ['Time', 'Admin', 'Action', 'Target', 'Outcome', 'Client address', 'Detail']) {
      expect(await screen.findByRole('columnheader', { name: col })).toBeVisible();
    }
    expect(getList).toHaveBeenCalledWith(
      'audit',
      expect.objectContaining({ sort: { field: 'at', order: 'DESC' }, pagination: { page: 1, perPage: 50 } }),
    );
    const ban = screen.getByText('user 12 (HappyOtter)').closest('tr')!;
    expect(within(ban).getByText('User banned')).toBeVisible();
    expect(within(ban).getByText('user.ban')).toBeVisible();
    expect(within(ban).getByText('OK')).toBeVisible();
    expect(within(ban).getByText('203.0.113.7')).toBeVisible();
    expect(within(ban).getByText('deleteMedia: true, 4 media deleted')).toBeVisible();
    const reset = screen.getByText('wrong phrase').closest('tr')!;
    expect(within(reset).getByText('Failed')).toBeVisible();
    // an action code the portal does not know yet is shown as it is
    expect(screen.getAllByText('something.new').length).toBeGreaterThan(0);
  });

  it('filters by action and text', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: rows, total: 3 }));
    renderAdmin(<AuditLogPage />, { dataProvider: { getList } });
    await userEvent.click(await screen.findByLabelText('Action'));
    await userEvent.click(await screen.findByRole('option', { name: 'User banned' }));
    await userEvent.type(screen.getByLabelText('Search target or admin'), 'Otter');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'audit',
        expect.objectContaining({ filter: { action: 'user.ban', q: 'Otter' } }),
      ),
    );
  });

  it('sends From/To days as the start and end of those local days', () => {
    const f = auditServerFilter({ from: '2026-11-01', to: '2026-11-22', q: '', action: 'db.reset' });
    expect(f).toEqual({
      from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
      action: 'db.reset',
    });
    const q = new URLSearchParams(auditQuery({ action: 'user.ban' }, { field: 'at', order: 'ASC' }));
    expect(JSON.parse(q.get('filter')!)).toEqual({ action: 'user.ban' });
    expect(JSON.parse(q.get('sort')!)).toEqual(['at', 'ASC']);
  });

  it('the data provider converts the days for the list call too', async () => {
    const fetch = vi.fn().mockResolvedValue(
      new Response('[]', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'audit */0' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await dataProvider.getList('audit', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'at', order: 'DESC' },
      filter: { to: '2026-11-22' },
    });
    const u = new URL(fetch.mock.calls[0]![0], 'http://x');
    expect(u.pathname).toBe('/api/admin/audit');
    expect(JSON.parse(u.searchParams.get('filter')!)).toEqual({
      to: new Date(2026, 10, 22, 23, 59, 59, 999).toISOString(),
    });
  });

  it('Export CSV downloads audit_log_{date}.csv with the token, under the list filters', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok_audit');
    const fetch = vi.fn().mockResolvedValue(
      new Response('at,admin,action\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="audit_log_2026-11-22.csv"',
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<AuditLogPage />, {
      dataProvider: { getList: () => Promise.resolve({ data: rows, total: 3 }) },
      path: '/?filter=' + encodeURIComponent(JSON.stringify({ action: 'user.ban' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded audit_log_2026-11-22.csv')).toBeVisible();
    const [url, init] = fetch.mock.calls[0]!;
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/admin/audit/export');
    expect(JSON.parse(u.searchParams.get('filter')!)).toEqual({ action: 'user.ban' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok_audit');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit_log_2026-11-22.csv');
    expect(defaultAuditName(new Date('2026-05-06T23:00:00Z'))).toBe('audit_log_2026-05-06.csv');
  });

  it('an export failure says so and saves nothing', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500 })));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<AuditLogPage />, {
      dataProvider: { getList: () => Promise.resolve({ data: rows, total: 3 }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(TRUST_TEXTS.exportAuditFailed)).toBeVisible();
    expect(click).not.toHaveBeenCalled();
  });
});
