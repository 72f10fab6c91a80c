import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DATA_EXPORT_TEXTS as T } from '../data-export-texts';
import { DownloadDataCard } from './DownloadDataCard';

const fetchMock = vi.fn();
const clicked: string[] = [];
beforeEach(() => {
  fetchMock.mockReset();
  clicked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  // jsdom does not download: note which link the card clicked instead
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(`${this.getAttribute('href')} download=${this.hasAttribute('download')}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DownloadDataCard', () => {
  it('checks with the server, then lets the browser download the zip itself', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderWithProviders(<DownloadDataCard userId={5} />);
    await userEvent.click(screen.getByRole('button', { name: T.button }));
    expect(await screen.findByRole('status')).toHaveTextContent(T.started);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/users/5/export/check']);
    expect(clicked).toEqual(['/api/users/5/export download=true']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's reason when the hour is not over, and starts no download", async () => {
    const message = 'You can download your data once an hour; try again in 42 minutes';
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 429, error: 'quota_exceeded', message }), {
        status: 429,
        headers: { 'Retry-After': '2520' },
      }),
    );
    renderWithProviders(<DownloadDataCard userId={5} />);
    await userEvent.click(screen.getByRole('button', { name: T.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(clicked).toEqual([]);
    expect(screen.getByRole('button', { name: T.button })).toBeEnabled();
  });
});
