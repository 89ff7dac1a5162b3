// End-to-end tests: Debian's Chromium drives the built player app served by the real server
// on a fresh embedded database (started here, stopped after the run).
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);
// The config is evaluated again in each worker: the folder is made once and inherited through the env.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'breakshot-e2e-'));
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
/** Milliseconds the server's clock runs ahead (agent-reports.e2e.ts moves it to end a day). */
process.env.E2E_CLOCK_FILE ??= `${process.env.E2E_DATA_DIR}.clock`;
/** The operator token of the test server, for `npm run admin` in the tests. */
process.env.E2E_ADMIN_TOKEN = 'e2e-operator-token';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../../test-results/e2e.json' }],
  ],
  outputDir: '../../../test-results',
  projects: [
    { name: 'app', testIgnore: /agent-reports\.e2e\.ts$/ },
    // Moves the server's clock a day ahead and back, which plays out the demo feed's matches and
    // schedules the next ones a day later: after every other test.
    { name: 'clock', testMatch: /agent-reports\.e2e\.ts$/, dependencies: ['app'] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    // A trace records every action's DOM and screencast: about 40 % of the run's CPU (the browser's
    // and the runner's). On CI, where a failed test runs again, only that second run records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'node ../../server/dist/server.js',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    // Stop it as an operator would, so it closes its database and frees the data folder's lock
    // before `npm test` runs ledger:check on the folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // Its warnings and errors (LOG_LEVEL below) show in the run's output, e.g. a job that failed.
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
      DATABASE_URL: '',
      CAPTCHA_TEST_CODE: '2468',
      TEST_CLOCK_FILE: process.env.E2E_CLOCK_FILE,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
