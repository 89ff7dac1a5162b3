import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The device's clock far from the site's (Asia/Shanghai, UTC+8): a time shown in the device's zone
// instead of the site's fails the tests (src/lib/time.ts). `TZ=UTC npx vitest …` tries another.
process.env.TZ ||= 'America/Los_Angeles';

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
    // A worker's files share its modules (antd's among them) instead of importing them afresh
    // each: the suite takes about 145 s instead of 200 on an idle machine. The setup files undo
    // what a file leaves behind (src/test-setup.ts); the console's state lives in localStorage,
    // which they clear.
    isolate: false,
    // A guard against a hung test, not a speed budget: the longest forms take 11 s on a slow 2-core
    // machine and twice that beside the other lane's suites in CI.
    testTimeout: 45_000,
  },
});
