import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Import @breakshot/contracts from its TypeScript sources: no build needed before testing.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
