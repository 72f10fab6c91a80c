/* global module, require */
/**
 * The visitor app's boundaries (`npm run lint:deps`). A feature (src/features/<name>/) is used by
 * the pages and the shell; it may use the shared folders (api/, components/, lib/) but no other feature:
 * what two features share moves to a shared folder. Shared code knows no feature, page or shell.
 */
const boundaries = require('../scripts/dependency-cruiser-base.cjs');

module.exports = boundaries([
  {
    name: 'no-cross-feature',
    severity: 'error',
    comment: 'A feature never imports another feature: move what both need to components/ or lib/.',
    from: { path: '^src/features/([^/]+)/' },
    to: { path: '^src/features/', pathNot: '^src/features/$1/' },
  },
  {
    name: 'no-feature-to-app',
    severity: 'error',
    comment: 'Features are composed by the pages and the shell (app/), never the other way round.',
    from: { path: '^src/features/' },
    to: { path: '^src/(?:app|pages)/' },
  },
  {
    name: 'shared-stays-shared',
    severity: 'error',
    comment:
      'api/, components/, lib/ and styles/ serve every feature and know none of them, nor the pages or the shell.',
    from: { path: '^src/(?:api|components|lib|styles)/' },
    to: { path: '^src/(?:features|pages|app)/' },
  },
]);
