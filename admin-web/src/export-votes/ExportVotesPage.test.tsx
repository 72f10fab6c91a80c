import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import { TOKEN_KEY } from '../providers/admin-session';
import { renderAdmin } from '../test/render';
import { defaultExportName, filenameFrom } from './download';
import ExportVotesPage from './ExportVotesPage';

const stats = () => Promise.resolve({ totalUsers: 1, totalMedia: 1, totalVotes: 1234, totalViews: 1 });

describe('Export Votes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the file votes_export_{date}.xlsx from the server, or from today', () => {
    expect(filenameFrom('attachment; filename="votes_export_2026-03-04.xlsx"', 'x')).toBe(
      'votes_export_2026-03-04.xlsx',
    );
    expect(filenameFrom(null, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(defaultExportName(new Date('2026-05-06T23:00:00Z'))).toBe('votes_export_2026-05-06.xlsx');
  });

  it('fetches the spreadsheet with the token (not a bare link) and saves it under its name', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok_x');
    const body = new Uint8Array(3000).fill(7);
    const fetch = vi.fn().mockResolvedValue(
      new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="votes_export_2026-01-02.xlsx"',
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:votes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<ExportVotesPage />, { dataProvider: { getStats: stats } });
    expect(await screen.findByText('1,234 votes to export.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Export Votes' }));
    expect(await screen.findByText('Saved votes_export_2026-01-02.xlsx (3 KB).')).toBeVisible();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/export-votes');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok_x');
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('votes_export_2026-01-02.xlsx');
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].size).toBe(3000);
  });

  it("says 'Failed to export votes' and never saves an error page as the file", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500 })));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<ExportVotesPage />, { dataProvider: { getStats: stats } });
    await userEvent.click(await screen.findByRole('button', { name: 'Export Votes' }));
    expect(await screen.findByText(TEXTS.exportFailedToast)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export Votes' })).toBeEnabled());
    expect(click).not.toHaveBeenCalled();
  });
});
