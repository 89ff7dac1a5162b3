// Mutation testing of one money module: MUTATE=<module> (run by scripts/mutation.mjs, which
// `npm run test:mutation` starts; not part of `npm test`). From the repository root, so the
// sandbox keeps the workspace layout the server's tsconfig extends. A surviving mutant is a
// change to the code that no test notices.
const module = process.env.MUTATE ?? 'wallet';
const reports = `apps/server/reports/mutation/${module}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'apps/server/vitest.config.ts', dir: 'apps/server' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [`apps/server/src/modules/${module}/**/*.ts`],
  ignorePatterns: [
    'apps/web',
    '.ci-out',
    'test-results',
    'apps/server/data',
    'apps/server/dist',
    'apps/server/reports',
    '.stryker-tmp*',
    '**/*.tsbuildinfo',
  ],
  // Strings here are SQL fragments, message keys and table names: a changed one fails the
  // typecheck or only changes what a test cannot see (labels); their mutants add hours, not insight.
  mutator: { excludedMutations: ['StringLiteral'] },
  coverageAnalysis: 'perTest',
  // Mutants reached only while a test file sets up (beforeAll: the app, its seed) cannot be
  // told apart by one test; each would rerun the whole suite. Reported as ignored.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  clearTextReporter: { reportScoreTable: true, reportMutants: false },
  jsonReporter: { fileName: `${reports}.json` },
  // Reruns test only what changed since the last run of this module.
  incremental: true,
  incrementalFile: `${reports}.incremental.json`,
  tempDirName: `.stryker-tmp-${module}`,
  cleanTempDir: 'always',
};
