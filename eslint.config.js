// Lint for the whole workspace: typescript-eslint, import hygiene, and the app's layer
// boundaries (app → features → lib; no imports between features).
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const tsResolver = createTypeScriptImportResolver({
  project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
  conditionNames: ['source', 'types', 'import', 'default'],
  noWarnOnMultipleProjects: true,
});

// Who may import whom in apps/web/src (boundaries elements below).
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

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'test-results/**', '**/*.tsbuildinfo', '.ci-out/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [tsResolver],
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] } },
      // PGlite's bundled code overflows the import parser (STACK.md pitfall 6).
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import-x/resolver-next': [tsResolver],
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json'] } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'apps/web/src/components' },
        { type: 'lib', pattern: 'apps/web/src/lib' },
        { type: 'test', pattern: 'apps/web/src/test' },
        // Files at the root of src (main.tsx, routes.ts) belong to the app layer.
        { type: 'app', pattern: 'apps/web/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: layerPolicies,
        },
      ],
    },
  },
  {
    // Tests (of any layer) may also use the shared test helpers in src/test.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
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
);
