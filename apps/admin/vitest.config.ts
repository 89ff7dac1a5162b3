import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    environment: 'happy-dom',
    // The guard first: its afterEach, which fails a test, then runs last, after the setup's cleanup
    // (afterEach hooks run in reverse order, and one that throws skips the rest).
    setupFiles: ['./src/test-network-guard.ts', './src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests are CPU-bound and independent: one worker per core (2 here), not Vitest's cores − 1.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
