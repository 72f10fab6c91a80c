import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const away = vi.hoisted(() => vi.fn());
vi.mock('./redirect', async (original) => ({ ...(await original<typeof import('./redirect')>()), navigateAway: away }));

import { isBackToBase, useBackButtonRedirect } from './use-traffic-redirects';

const config = { enabled: false, idleRedirectTime: 300, idleRedirectUrl: '', backButtonUrl: 'https://back.example/' };
const popped = () => new Promise((r) => window.addEventListener('popstate', r, { once: true }));

afterEach(() => away.mockReset());

describe('back-button redirect', () => {
  it('counts only a popstate onto the marked landing entry', () => {
    expect(isBackToBase({ hmvBackBase: true, idx: 0 })).toBe(true);
    expect(isBackToBase(null)).toBe(false); // a #fragment entry
    expect(isBackToBase({ idx: 0 })).toBe(false);
    expect(isBackToBase({ hmvBackGuard: true, idx: 0 })).toBe(false);
  });

  it('a jump to #main and back does not redirect; Back to the landing entry does', async () => {
    const { unmount } = renderHook(() => useBackButtonRedirect(config, '/'));
    window.dispatchEvent(new MouseEvent('click')); // the first gesture pushes the guard
    expect(window.history.state).toMatchObject({ hmvBackGuard: true });

    window.location.hash = '#main'; // what a plain "Skip to content" link does
    await popped();
    window.history.back(); // from #main back to the guard entry
    await popped();
    expect(away).not.toHaveBeenCalled();

    window.history.back(); // from the guard to the landing entry: the visitor leaves the site
    await popped();
    expect(away).toHaveBeenCalledWith('https://back.example/');
    unmount();
  });
});
