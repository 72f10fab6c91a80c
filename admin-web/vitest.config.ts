import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // a hang detector, not a speed check: a page rendering 10,000 bucket rows in jsdom took over 20 s on a loaded 2-core machine
    testTimeout: 60_000,
  },
});
