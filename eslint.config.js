// Lint for the whole workspace: typescript-eslint, import hygiene, and the app's layer
// boundaries (app → features → lib; no imports between features).
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { serverLayers } from './apps/server/module-layers.js';

// Absolute paths: the lint rules' test runs ESLint from apps/server.
const here = (path) => new URL(path, import.meta.url).pathname;
const tsResolver = createTypeScriptImportResolver({
  project: [here('apps/*/tsconfig.json'), here('packages/*/tsconfig.json')],
  conditionNames: ['source', 'types', 'import', 'default'],
  noWarnOnMultipleProjects: true,
});

// Who may import whom in apps/web/src and apps/admin/src (boundaries elements below).
const layerPolicies = [
  {
    from: { element: { type: 'app' } },
    allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } },
  },
  {
    from: { element: { type: 'feature' } },
    allow: {
      to: { element: { types: { anyOf: ['components', 'lib'] } } },
    },
  },
  {
    from: { element: { type: 'feature' } },
    allow: {
      to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
    },
  },
  {
    from: { element: { type: 'components' } },
    allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
  },
  { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
  {
    from: { element: { type: 'test' } },
    allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib', 'test'] } } } },
  },
];

// Who may import whom in apps/server/src: a module reaches another only through its service.ts
// (its public face), never its tables, routes or internal files; platform/ imports no module;
// the seed and the tools sit above the modules (faces only); app.ts and server.ts compose it all.
const serverElements = [
  { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'platform', pattern: 'apps/server/src/platform' },
  { type: 'seed', pattern: 'apps/server/src/seed' },
  { type: 'tools', pattern: 'apps/server/src/tools' },
  // app.ts and server.ts
  { type: 'root', pattern: 'apps/server/src' },
];
// The server's modules in layers (apps/server/module-layers.js): a module uses the faces of its own
// layer and the layers below, never one above.
const moduleIn = (names) => ({ type: 'module', captured: { module: `{${names.join(',')}}` } });
// A module's public face (its service.ts) in this layer or below.
const serverLayerPolicies = serverLayers.map((layer, i) => ({
  from: { element: moduleIn(layer) },
  allow: { to: { element: moduleIn(serverLayers.slice(0, i + 1).flat()), file: { categories: 'face' } } },
}));
const face = { element: { type: 'module' }, file: { categories: 'face' } };
const sameModule = { captured: { module: '{{ from.element.captured.module }}' } };
const serverPolicies = [
  { from: { element: { type: 'platform' } }, allow: { to: { element: { type: 'platform' } } } },
  { from: { element: { type: 'module' } }, allow: { to: { element: { type: 'platform' } } } },
  ...serverLayerPolicies,
  { from: { element: { type: 'module' } }, allow: { to: { element: { type: 'module', ...sameModule } } } },
  {
    from: { element: { types: { anyOf: ['seed', 'tools'] } } },
    allow: { to: [{ element: { types: { anyOf: ['platform', 'seed', 'tools', 'root'] } } }, face] },
  },
  {
    from: { element: { type: 'root' } },
    allow: { to: { element: { types: { anyOf: ['root', 'platform', 'module', 'seed'] } } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/data/**',
      'test-results/**',
      '**/*.tsbuildinfo',
      '.ci-out/**',
      '.stryker-tmp/**',
      // Stryker's reports (npm run mutation).
      'apps/server/reports/**',
      // Broken on purpose: the lint rules' own test lints them.
      '**/test/lint-fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [tsResolver],
      'import/resolver': { typescript: { project: [here('apps/*/tsconfig.json'), here('packages/*/tsconfig.json')] } },
      // PGlite's bundled code overflows the import parser (docs/stack.md pitfall 6).
      'import-x/ignore': ['node_modules'],
      // Parse TypeScript dependencies too (no-cycle follows only files it can parse).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // No import cycles in either app (test/lint-rules.test.ts shows a cycle fails `npm test`).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
    },
  },
  ...declaredImports('packages/contracts'),
  ...declaredImports('packages/client'),
  ...declaredImports('apps/server'),
  ...declaredImports('apps/web'),
  ...declaredImports('apps/admin'),
  ...reactAppLayers('apps/web'),
  ...reactAppLayers('apps/admin'),
  ...fakesOnlyThroughFakeApi('apps/web'),
  ...fakesOnlyThroughFakeApi('apps/admin'),
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import-x/resolver-next': [tsResolver],
      'import/resolver': { typescript: { project: [here('apps/server/tsconfig.json')] } },
      'boundaries/root-path': here('.'),
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': serverElements,
      'boundaries/files': [{ category: 'face', pattern: 'apps/server/src/modules/*/service.ts', fullMatch: true }],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: serverPolicies }],
    },
  },
  {
    // Times are shown on the site's clock, never the device's: only each app's time module
    // formats them (the apps' lib/time.ts, on @breakshot/contracts/time).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/time.ts', 'apps/admin/src/lib/time.ts'],
    rules: { 'no-restricted-properties': ['error', ...deviceClockProperties()] },
  },
  {
    // Small enough to read in one sitting: no function above 150 lines, no file above 450 (blank
    // lines and comments not counted). Tests are exempt: a table of cases may run long.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/*/src/**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 450, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Transactions begin in services: a route calls one and never opens a transaction itself.
    files: ['apps/server/src/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/db.js'],
              importNames: ['inTransaction'],
              message: 'Transactions begin in services; routes call services.',
            },
          ],
        },
      ],
    },
  },
);

/**
 * The layers of a React app (the player app, the console): app may import features, components
 * and lib; features components and lib; lib only lib; no feature another; tests also src/test.
 */
function reactAppLayers(dir) {
  return [
    {
      files: [`${dir}/src/**/*.{ts,tsx}`],
      plugins: { boundaries },
      settings: {
        'import-x/resolver-next': [tsResolver],
        'import/resolver': { typescript: { project: [here(`${dir}/tsconfig.json`)] } },
        'boundaries/root-path': here('.'),
        'boundaries/include': [`${dir}/src/**/*`],
        'boundaries/elements': [
          { type: 'app', pattern: `${dir}/src/app` },
          { type: 'feature', pattern: `${dir}/src/features/*`, capture: ['feature'] },
          { type: 'components', pattern: `${dir}/src/components` },
          { type: 'lib', pattern: `${dir}/src/lib` },
          { type: 'test', pattern: `${dir}/src/test` },
          // Files at the root of src (main.tsx, routes.ts, the test setup) belong to the app layer.
          { type: 'app', pattern: `${dir}/src` },
        ],
      },
      rules: {
        'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
      },
    },
    {
      // Tests (of any layer) may also use the app's shared test helpers in src/test.
      files: [`${dir}/src/**/*.test.{ts,tsx}`],
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'disallow',
            policies: [
              ...layerPolicies,
              {
                from: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } },
                allow: { to: { element: { type: 'test' } } },
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * Date methods that read or set the device's clock in its own time zone, and locale formatting
 * (which also uses the device's zone): each refused with where times are formatted instead.
 */
function deviceClockProperties() {
  const message = "It uses the device's time zone: format times with the app's lib/time.ts (the site's zone).";
  const zoned = ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'Milliseconds'];
  const names = [
    ...zoned.map((n) => `get${n}`),
    ...zoned.filter((n) => n !== 'Day').map((n) => `set${n}`),
    'getTimezoneOffset',
    'toLocaleString',
    'toLocaleDateString',
    'toLocaleTimeString',
    'toDateString',
    'toTimeString',
  ];
  return names.map((property) => ({ property, message }));
}

/**
 * Every bare import of a workspace is declared in its package.json (the root's development tools
 * serve the tests, scripts and configs of all of them), so a package another one happens to
 * install is never relied on.
 */
function declaredImports(dir) {
  return [
    {
      files: [`${dir}/**/*.{ts,tsx,js,mjs}`],
      plugins: { 'import-x': importX },
      rules: {
        'import-x/no-extraneous-dependencies': [
          'error',
          { packageDir: [here(dir), here('.')], includeTypes: true, includeInternal: true },
        ],
      },
    },
  ];
}

/**
 * The unit tests of a React app fake its calls only with src/test/fake-api.ts, which checks each
 * answer against the contracts: a hand-made fetch stub would skip that check. The HTTP client's
 * own test (lib/http.test.ts) fakes the transport itself: timeouts, refusals, made-up paths.
 */
function fakesOnlyThroughFakeApi(dir) {
  const message = 'Fake the API with fakeApi (src/test/fake-api.ts): it checks each answer against the contracts.';
  return [
    {
      files: [`${dir}/src/**/*.{ts,tsx}`],
      ignores: [`${dir}/src/test/fake-api.ts`, `${dir}/src/test-network-guard.ts`, `${dir}/src/lib/http.test.ts`],
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']", message },
          { selector: "CallExpression[callee.property.name='spyOn'][arguments.1.value='fetch']", message },
          { selector: "AssignmentExpression[left.property.name='fetch']", message },
        ],
      },
    },
  ];
}
