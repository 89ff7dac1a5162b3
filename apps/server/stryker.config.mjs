// Mutation testing of the money modules: `npm run test:mutation` (from the repository root, so
// the sandbox keeps the workspace layout the server's tsconfig extends). Not part of `npm test`.
// A surviving mutant is a change to the code that no test notices.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'apps/server/vitest.config.ts', dir: 'apps/server' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: (process.env.MUTATE ?? 'wallet,withdrawals,payments,bets')
    .split(',')
    .map((m) => `apps/server/src/modules/${m}/**/*.ts`),
  ignorePatterns: ['apps/web', '.ci-out', 'test-results', 'apps/server/data', 'apps/server/dist', '**/*.tsbuildinfo'],
  coverageAnalysis: 'perTest',
  // Mutants reached only while a test file sets up (beforeAll: the app, its seed) cannot be
  // told apart by one test; each would rerun the whole suite. Reported as ignored.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'apps/server/reports/mutation/mutation.json' },
  incremental: true,
  incrementalFile: 'apps/server/reports/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
