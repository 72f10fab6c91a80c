import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // a stubbed fetch or URL ends with its test, so no test leans on another's stub
    unstubGlobals: true,
    // one module graph and jsdom per worker instead of per file: importing react-admin and MUI again
    // for each of the ~20 files was a third of the suite's CPU. The files share no state (the DOM is
    // unmounted and localStorage cleared after each test, src/test/setup.ts); they passed shuffled.
    isolate: false,
    // a hang detector, not a speed check: a page rendering 10,000 bucket rows in jsdom took over 20 s on a loaded 2-core machine
    testTimeout: 60_000,
  },
});
