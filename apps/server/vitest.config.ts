import { defineConfig } from 'vitest/config';

/*
 * Files whose subject does not depend on the database server run once, in the PGlite run: the
 * CLI (it talks to the app over HTTP), the PGlite data folder itself, and the lint rules. The
 * PostgreSQL run (DATABASE_URL set, `npm test` does it second) leaves them out.
 */
const DATABASE_AGNOSTIC = [
  'test/admin/admin-cli.test.ts',
  'test/games/admin-cli.test.ts',
  'test/limits/admin-cli.test.ts',
  'test/messages/cli.test.ts',
  'test/operators/cli.test.ts',
  'test/taiqiu/admin-cli.test.ts',
  'test/platform/pglite-folder.test.ts',
  'test/lint-rules.test.ts',
];

export default defineConfig({
  // Import @breakshot/contracts from its TypeScript sources: no build needed before testing.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? DATABASE_AGNOSTIC : [],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Migrates a template database once; each test app starts from a copy of it.
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
