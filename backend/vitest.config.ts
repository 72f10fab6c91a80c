import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { adapterSpecificInclude } from './test/database-passes.js';

// npm test's PGlite pass runs only the files that differ by database adapter (test/database-passes.ts)
const adapterPass = process.env.VIBE_TEST_PASS === 'adapter-specific';

/**
 * Vitest, not Jest: Nest 12 ships ESM only, and several Nest plugins (throttler, mailer) are
 * CommonJS that `require` it. Node loads that (require(esm)); Jest's own module loader did not
 * before Node 24.9. Vitest leaves node_modules to Node. SWC adds decorator metadata.
 */
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2023', keepClassNames: true } })],
  test: {
    include: adapterPass ? adapterSpecificInclude() : ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    globals: true,
    // migrates one database per run; every test app starts from a copy of it (docs/TESTING.md)
    globalSetup: ['test/support/global-setup.ts'],
    // hang detectors, not speed checks: several tests start whole apps (PGlite migrations, a worker),
    // which on a loaded 2-core machine took over a minute
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
