import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import type { AdConfig } from '../api/types';
import { httpError, renderAdmin } from '../test/render';
import AdsPage from './AdsPage';

describe('Ads', () => {
  it("starts from 'Ad Zone 1' when nothing is configured (404), refuses an empty zone name, saves", async () => {
    const saveAdConfig = vi.fn((zone: string, body: Omit<AdConfig, 'zoneId' | 'updatedAt'>) =>
      Promise.resolve({ zoneId: zone, ...body, updatedAt: '2026-01-01T00:00:00Z' }),
    );
    renderAdmin(<AdsPage />, {
      dataProvider: {
        getAdConfig: () => Promise.reject(httpError(404, { message: 'No ad configured' })),
        saveAdConfig,
      },
    });
    const zone = await screen.findByRole('region', { name: 'Ad Zone 1' });
    const name = await within(zone).findByLabelText('Zone name');
    expect(name).toHaveValue(TEXTS.defaultZoneName);
    expect(within(zone).getByText('Not configured yet')).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.type(within(zone).getByLabelText('Ad code'), '<b>ad</b>');
    await userEvent.click(within(zone).getByRole('button', { name: 'Save ad configuration' }));
    expect(await within(zone).findByText(TEXTS.zoneNameEmpty)).toBeVisible();
    expect(saveAdConfig).not.toHaveBeenCalled();

    await userEvent.clear(name);
    await userEvent.type(name, 'Top banner');
    await userEvent.click(within(zone).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(zone).getByRole('button', { name: 'Save ad configuration' }));
    await waitFor(() =>
      expect(saveAdConfig).toHaveBeenCalledWith('zone1', {
        zoneName: 'Top banner',
        adCode: '<b>ad</b>',
        isActive: true,
      }),
    );
    expect(await screen.findByText('Ad configuration saved')).toBeVisible();
    expect(await within(zone).findByText('Showing to visitors')).toBeVisible();
  });

  it('previews the code in a sandboxed frame without same-origin, from a page that has its own CSP', async () => {
    renderAdmin(<AdsPage />, {
      dataProvider: {
        getAdConfig: () =>
          Promise.resolve({
            zoneId: 'zone1',
            zoneName: 'Z',
            adCode: '<p>hi</p>',
            isActive: true,
            updatedAt: '2026-01-01',
          }),
      },
    });
    const frame = (await screen.findByTitle('Ad preview: Z')) as HTMLIFrameElement;
    // popups stay sandboxed: an ad's window must not run on the portal's origin (issue 20)
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('src')).toMatch(/ad-preview\.html$/);
    expect(frame).not.toHaveAttribute('srcdoc');
  });

  it("a failed save says 'Save Failed' with the reason", async () => {
    renderAdmin(<AdsPage />, {
      dataProvider: {
        getAdConfig: () => Promise.reject(httpError(404)),
        saveAdConfig: () => Promise.reject(httpError(500, {})),
      },
    });
    await userEvent.type(await screen.findByLabelText('Ad code'), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Save ad configuration' }));
    expect(await screen.findByText(`${TEXTS.saveFailed}: ${TEXTS.saveAdFailed}`)).toBeVisible();
  });
});
