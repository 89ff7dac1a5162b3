import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * Files whose subject does not depend on the database server run on PGlite only: the CLI (it
 * talks to the app over HTTP), the PGlite data folder itself, the lint rules, and the fuzzer
 * (the schemas refuse its inputs before any query; `npm run test:chaos` fuzzes on PostgreSQL).
 */
const DATABASE_AGNOSTIC = [
  'test/admin/admin-cli.test.ts',
  'test/games/admin-cli.test.ts',
  'test/limits/admin-cli.test.ts',
  'test/messages/cli.test.ts',
  'test/operators/cli.test.ts',
  'test/taiqiu/admin-cli.test.ts',
  'test/agents/console-cli.test.ts',
  'test/platform/pglite-folder.test.ts',
  'test/lint-rules.test.ts',
  'test/repo/*.test.ts',
  'test/trust/fuzz.test.ts',
  // npm test's own counting and service checks (scripts/test/).
  'test/scripts/*.test.ts',
  // These pick their PostgreSQL server themselves (the local one when the run is on PGlite): the
  // PGlite run already runs them there, once is enough.
  'test/platform/live-instances.test.ts',
  'test/platform/cluster.test.ts',
  'test/platform/db-transfer.test.ts',
  'test/platform/migrate-instances.test.ts',
  'test/platform/replica.test.ts',
  'test/platform/rate-limit-redis.test.ts',
];

/*
 * PostgreSQL differs from PGlite (one connection, in process) in what many connections at once
 * do: locks, races, isolation, instances. `npm test` runs the areas where money moves or requests
 * race there (TEST_SCOPE=money) and not again on PGlite (TEST_SCOPE=embedded), except the
 * database layer itself (platform), which both drivers must pass; the trust suite runs on
 * PostgreSQL in `npm run test:chaos` (long size); `npm run test:postgres` runs everything there.
 */
const MONEY_AREAS = [
  'wallet',
  'payments',
  'withdrawals',
  'bets',
  'taiqiu',
  'feed',
  'games',
  'demo-provider',
  'turnover',
  'rebates',
  'vip',
  'rewards',
  'wheel',
  'promotions',
  'console',
];
const MONEY_AGENT_FILES = [
  'test/agents/transfer.test.ts',
  // Accounts opened at once under one name, clicks of one visitor at once, team isolation.
  'test/agents/open-account.test.ts',
  'test/agents/links.test.ts',
  'test/agents/isolation.test.ts',
  // Commission and dividend paid through the ledger; three instances settling at once.
  'test/agents/settlement-arithmetic.test.ts',
  'test/agents/settlement-instances.test.ts',
  // Roll-ups against the raw rows after a random mix of events (10,000 in the long size), and
  // the rows a settlement batch sends them.
  'test/agents/rollups.test.ts',
  'test/agents/rollup-rows.test.ts',
  // The closed days' cache of team figures against the live join.
  'test/agents/team-days-cache.test.ts',
];
const MONEY_AND_RACES = [...MONEY_AREAS, 'platform']
  .map((area) => `test/${area}/**/*.test.ts`)
  .concat(MONEY_AGENT_FILES);

/**
 * The money and race files PostgreSQL runs, less those that run on PGlite alone: each a path.
 * DATABASE_AGNOSTIC names the files of these areas by their paths, never by a glob.
 */
function moneyFilesOnPostgres(): string[] {
  const inAreas = MONEY_AREAS.flatMap((area) =>
    readdirSync(join(import.meta.dirname, 'test', area), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `test/${area}/${file}`),
  );
  return [...inAreas, ...MONEY_AGENT_FILES].filter((file) => !DATABASE_AGNOSTIC.includes(file));
}

const onPostgres = Boolean(process.env.DATABASE_URL);
const scope = process.env.TEST_SCOPE;

export default defineConfig({
  // Import @breakshot/contracts from its TypeScript sources: no build needed before testing.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: onPostgres && scope === 'money' ? MONEY_AND_RACES : ['test/**/*.test.ts'],
    exclude: onPostgres ? DATABASE_AGNOSTIC : scope === 'embedded' ? moneyFilesOnPostgres() : [],
    environment: 'node',
    // Files share their worker's module cache instead of importing the whole server afresh each
    // (most of a file's time was that import). Module state must therefore be per app, or undone
    // when the file that made it ends (test/setup.ts).
    isolate: false,
    // On PGlite, two workers (one per core here), not Vitest's cores − 1: a file's time is mostly
    // its own CPU (PostgreSQL in WebAssembly in the worker). On PostgreSQL the default: the race
    // tests there count lock waits, which another file's load would add to.
    ...(onPostgres ? {} : { maxWorkers: 2 }),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    // Made once per run: a migrated template database each test app copies, the wallet's key.
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
