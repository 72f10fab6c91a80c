/* global module, require */
/**
 * The admin portal's boundaries (`npm run lint:deps`). Each folder under src/ is one feature (a
 * page or a resource: media/, users/, jobs/, traffic/, …) except the shared ones: app/, components/,
 * lib/, providers/ (the data and auth providers), api/ (the generated API types) and test/, and the shell that composes the
 * features: App.tsx and layout/ (app bar, menu, the login screen in place of a page). A feature may
 * use the shared folders but no other feature and not the shell: what two features share moves to
 * a shared folder (the job hooks went to lib/jobs/, the job progress card to components/).
 */
const SHARED = '(?:api|app|components|lib|providers|test)';
const SHELL = 'layout';

const boundaries = require('../scripts/dependency-cruiser-base.cjs');

module.exports = boundaries([
  {
    name: 'no-cross-feature',
    severity: 'error',
    comment: 'A feature never imports another feature: move what both need to components/ or lib/.',
    from: { path: `^src/([^/]+)/`, pathNot: [`^src/${SHARED}/`, `^src/${SHELL}/`] },
    to: { path: '^src/[^/]+/', pathNot: [`^src/$1/`, `^src/${SHARED}/`] },
  },
  {
    name: 'shared-stays-shared',
    severity: 'error',
    comment: 'The shared folders serve every feature and know none of them, nor the shell.',
    from: { path: `^src/${SHARED}/` },
    to: { pathNot: [`^src/${SHARED}/`, 'node_modules'], path: '^src/' },
  },
]);
