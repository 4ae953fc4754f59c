import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The server's layers, bottom first: a folder imports only from its own layer and those below.
 * `shared` leaves know nothing of HTTP or features; `http` is Fastify's plumbing (it may name who is
 * asking, modules/access); the modules hold the features; the ingestion writes through them; the
 * wiring builds it all; commands run it. docs/architecture.md, "Layers", draws the same picture.
 */
const SERVER = 'packages/server/src';
const LAYERS = [
  [
    'errors.ts',
    'version.ts',
    'messages',
    'text',
    'platform',
    'db',
    'pdf',
    'demo',
    'config.ts',
    'jobs',
    'ops',
  ],
  ['http'],
  ['modules'],
  ['ingest'],
  ['wiring', 'runtime.ts', 'app.ts'],
  ['commands'],
  ['main.ts'],
];
/**
 * The modules in order, bottom first: a module imports only those before it, so no two import each
 * other. A new dependency that runs the other way means a part belongs lower (or a port: see
 * modules/files/admission.ts).
 */
const MODULES = [
  'access',
  'menu',
  'audit',
  'files',
  'companies',
  'glossary',
  'health',
  'issuers',
  'quota',
  'research',
  'dialog',
  'search',
  'stars',
  'summary',
  'translation',
  'users',
  'auth',
  'collections',
  'downloads',
  'follows',
  'digests',
  'file-detail',
  'first-paint',
  'site',
  'account',
  'security-check',
  'contact',
  'dmca',
  'uploads',
  'admin',
];
const at = (name) => `${SERVER}/${name}`;
const layerZones = LAYERS.flatMap((layer, i) =>
  layer.map((name) => ({
    target: at(name),
    // The HTTP plumbing's one way up, to who is asking, is httpZone's.
    from: LAYERS.slice(i + 1)
      .flat()
      .filter((above) => !(name === 'http' && above === 'modules'))
      .map(at),
    message: `${name} sits below these layers (eslint.config.js, LAYERS).`,
  })),
).filter((zone) => zone.from.length > 0);
const httpZone = {
  target: at('http'),
  from: at('modules'),
  except: ['./access'],
  message: 'The HTTP plumbing names only who is asking (modules/access); features sit above it.',
};
const moduleZones = MODULES.map((name, i) => ({
  target: at(`modules/${name}`),
  from: MODULES.slice(i + 1).map((m) => at(`modules/${m}`)),
  message: `modules/${name} comes before these modules (eslint.config.js, MODULES).`,
})).filter((zone) => zone.from.length > 0);
const migrationZone = {
  target: at('db/migrations'),
  from: SERVER,
  except: ['./db/migrations', './db/dialect.ts'],
  message: 'A migration never imports live code: copy what it needs as it is on the day.',
};
const testCodeZone = {
  target: `${SERVER}/**/!(*.test|*.samples).ts`,
  from: 'packages/server/test',
  message: 'Production code never imports test helpers.',
};

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
    files: ['packages/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      // A function longer than this is a sign that it does several steps: name them.
      'max-lines-per-function': ['warn', { max: 100, skipBlankLines: true, skipComments: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, httpZone, ...moduleZones, migrationZone, testCodeZone] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
