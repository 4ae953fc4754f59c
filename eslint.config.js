import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench-data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Services hold the rules and never see HTTP: only routes (and the few files of HTTP glue
    // named here) import Fastify or http/. Errors come from src/errors.ts, the viewer from
    // modules/access/viewer.ts.
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: [
      '**/routes.ts',
      '**/*-routes.ts',
      'packages/server/src/modules/admin/guard.ts', // the console's onRequest hook
      'packages/server/src/modules/downloads/send-attachment.ts', // writes the reply of a file
      'packages/server/src/modules/security-check/form-errors.ts', // reads request.validationError
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fastify|@fastify/)|(^|/)http/',
              message:
                'Services do not see HTTP: throw AppError (src/errors.ts), take the Viewer as a value.',
            },
          ],
        },
      ],
    },
  },
  {
    // One job per file: imports form no cycle (shared types sit in leaf files), and a long file
    // warns, as a sign that it holds two things. Tests are left out: nothing imports a test, so
    // no cycle runs through one, and a long list of cases is still one job.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'scripts/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['warn', { max: 400 }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
