/* global module, require */
/**
 * The backend's boundaries (`npm run lint:deps`). Modules talk to each other through what a module
 * exports (its Nest module, services and ports), never through another module's adapters; domain
 * code stays free of adapters; the platform serves the modules and knows none of them.
 */
const boundaries = require('../scripts/dependency-cruiser-base.cjs');

module.exports = boundaries([
  {
    name: 'no-foreign-infrastructure',
    severity: 'error',
    comment:
      "A module reaches another module's tables only through that module's exported services and ports, " +
      'never through its infrastructure/ adapters or its repository ports.',
    from: { path: '^src/modules/([^/]+)/' },
    to: {
      path: '^src/modules/[^/]+/.*(?:infrastructure/|[.]repository[.]ts$)',
      pathNot: '^src/modules/$1/',
    },
  },
  {
    name: 'no-domain-to-infrastructure',
    severity: 'error',
    comment: 'Domain rules are plain TypeScript: they never import an adapter (ESLint bans frameworks there).',
    from: { path: '/domain/' },
    to: { path: '/infrastructure/' },
  },
  {
    name: 'no-platform-to-modules',
    severity: 'error',
    comment: 'The platform (database, storage, mail, jobs, http) serves every module and knows none of them.',
    from: { path: '^src/(?:platform|config)/' },
    to: { path: '^src/modules/' },
  },
]);
