import { expect, type Browser, type Locator, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What every admin spec needs: the seeded backend's address and admin, the two screen sizes,
 * locators for toasts and the sidebar, waits before screenshots, and logged-in contexts.
 */
export const BASE = process.env.E2E_BASE_URL!;
export const ADMIN_USER = process.env.E2E_ADMIN_USER ?? 'admin';
export const ADMIN_PASS = process.env.E2E_ADMIN_PASS!;
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const SIZES = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

/** Where the specs save screenshots and downloads (git ignores it). */
export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

/** Records the page's POSTs; answers those to one admin route, e.g. `postsTo('users/ban')`. */
export function recordPosts(p: Page) {
  const posts: Request[] = [];
  p.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r);
  });
  return {
    all: posts,
    to: (route: string) => posts.filter((r) => new URL(r.url()).pathname === `/api/admin/${route}`),
  };
}

export const toast = (p: Page, text: string | RegExp) => p.locator('.MuiSnackbar-root').getByText(text);
export const sidebar = (p: Page) => p.locator('.RaSidebar-fixed, .MuiDrawer-paper').first();

/** Waits for dialogs, drawers and popovers to finish moving (endless spinners aside) before a screenshot. */
export async function settled(p: Page) {
  await p.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** No sideways scroll at this size: the page is no wider than the viewport. */
export async function expectNoSidewaysScroll(p: Page, what: string) {
  const [scroll, client] = await p.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${what}: page ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

/**
 * The element's text is laid out on one line: a username (one word) never wraps, so never
 * breaks inside; a name wider than its box ends in an ellipsis instead.
 */
export async function expectOneLine(l: Locator, what: string) {
  const lines = await l.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // one client rect per line box the text spans (a nested element on the same line shares its top)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
  expect(lines, `${what}: "${await l.innerText()}" on one line`).toBe(1);
}

/** A fresh admin token from POST /api/admin/login, as the portal gets one. */
export async function apiToken(): Promise<string> {
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASS }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A browser context whose portal is already logged in with `token`. */
export async function newLoggedInContext(
  browser: Browser,
  token: string,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
) {
  const ctx = await browser.newContext({ baseURL: BASE, viewport, colorScheme, acceptDownloads: true });
  await ctx.addInitScript(
    ([t, u]) => {
      localStorage.setItem('adminToken', t);
      localStorage.setItem('adminUsername', u);
    },
    [token, ADMIN_USER],
  );
  return ctx;
}
