import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-bench/**', 'data/**', '**/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // the web apps: hooks called by the rules (and effects naming what they read), accessible markup
    files: ['visitor-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // focusing a dialog's safe action or a form's first field is what the dialog pattern asks for (MUI props)
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // visitors' uploads come with no caption tracks; the players are labelled instead
      'jsx-a11y/media-has-caption': 'off',
      // alts name the purpose of media nobody described ("Photo to rate"), which the rule's word list flags
      'jsx-a11y/img-redundant-alt': 'off',
    },
  },
  {
    // a promise nobody awaits loses its error: type-aware, so the backend's sources only
    files: ['backend/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // domain rules stay plain TypeScript: no framework, ORM, validation or cloud SDK imports
    files: ['backend/src/**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@nestjs/*', 'typeorm', 'typeorm/*', 'class-validator', 'class-transformer', '@aws-sdk/*'] },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', '**/e2e/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
  {
    // the visitor app's service worker: plain JS in the worker's own global scope
    files: ['visitor-web/sw/service-worker.js'],
    languageOptions: {
      globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', URL: 'readonly', Response: 'readonly' },
    },
  },
  {
    // CommonJS configs (dependency-cruiser) share their base with require()
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
