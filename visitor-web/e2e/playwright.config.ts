import { defineConfig } from '@playwright/test';

/**
 * Started by run.mjs (which starts the API on a fresh data dir and serves the build): Debian's
 * Chromium, never a downloaded browser; one worker. Every spec seeds what it needs (fixtures.ts)
 * and runs alone (`node e2e/run.mjs 03-stats`) as well as in the whole run. `setup` makes the
 * browser-made visitors first; then `desktop` (1280×800) and `phone` (390×844), which depend on
 * nothing but `setup` (a dependency project runs whole, whatever spec is asked for). A test tagged
 * @desktop or @phone is meant for that size only; untagged tests run at both sizes.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
    // Chrome's own edge-swipe Back would race the app's swipe-back redirect under test
    '--disable-features=OverscrollHistoryNavigation',
  ],
};

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  outputDir: './screenshots/test-results',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? './screenshots/report.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: chromium,
  },
  projects: [
    { name: 'setup', testMatch: /visitors\.setup\.ts$/ },
    {
      name: 'desktop',
      testMatch: /\d\d-[a-z-]+\.spec\.ts$/,
      grepInvert: /@phone/,
      dependencies: ['setup'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testMatch: /\d\d-[a-z-]+\.spec\.ts$/,
      grepInvert: /@desktop/,
      dependencies: ['setup'],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
