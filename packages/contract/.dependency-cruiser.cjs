/* global module, require */
/**
 * The contract's boundary (`npm run lint:deps`): it is what the backend and both web apps share,
 * so it imports none of them and no library — plain TypeScript that Node, Vite and tsc all load.
 */
const boundaries = require('../../scripts/dependency-cruiser-base.cjs');

module.exports = boundaries([
  {
    name: 'contract-stands-alone',
    severity: 'error',
    comment: 'packages/contract imports only its own files (no app, no backend, no npm package).',
    from: { path: '^src/' },
    to: { pathNot: '^src/' },
  },
]);
