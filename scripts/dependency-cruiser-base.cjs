/* global module */
/**
 * What the three workspaces' dependency-cruiser configs share: no import cycles, and the same
 * TypeScript-aware options. Each workspace adds its own boundary rules in front:
 * `module.exports = boundaries([...its rules])`.
 */

/** @type {import('dependency-cruiser').IForbiddenRuleType} */
const noCircular = {
  name: 'no-circular',
  severity: 'error',
  comment: 'Imports form no cycle.',
  from: {},
  to: { circular: true },
};

/** @returns {import('dependency-cruiser').IConfiguration} */
module.exports = function boundaries(rules) {
  return {
    forbidden: [...rules, noCircular],
    options: {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(?:^|/)node_modules/' },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
    },
  };
};
