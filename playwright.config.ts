import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts';
import { E2E_OUTPUT, STORAGE_STATE } from './e2e/support/fixture.ts';

// e2e runs the built console on the real local platform, in Debian's Chromium (never a downloaded browser).
const PORT = Number(process.env.E2E_PORT ?? 54391);
export const E2E_BASE = `http://127.0.0.1:${PORT}`;


export default defineConfig({
  testDir: './e2e',
  outputDir: E2E_OUTPUT,
  fullyParallel: false,
  workers: 1,
  // One retry, reported as 'flaky' (never hidden). The table-list tab-close race that needed it before is fixed (its
  // deterministic test: e2e/table-list.spec.ts 'a tab closed while its page is still loading…'), but the full run of
  // 2026-11-27 saw three of this session's new specs fail once: two test races, since fixed (mcp deny, the database
  // password toast), and an axe finding on /settings/api-keys (a div[role=img] without a name) whose element was not
  // found in our code or bundle. Back to 0 once runs show no flaky test.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], storageState: STORAGE_STATE },
      dependencies: ['setup'],
      testIgnore: /global\.setup\.ts/,
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/start-platform.ts',
    url: `${E2E_BASE}/dashboard/`,
    reuseExistingServer: false,
    // Let the platform stop its Postgres (the default kill would leave the cluster running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // STRATA_DEV_SWITCHES: the developer switch that makes the next pause, restore or upgrade fail (README).
    // STRATA_ASSISTANT_*: the assistant's endpoint is a stub that e2e/help-banner.spec.ts serves on PORT + 7.
    env: {
      PORT: String(PORT),
      STRATA_DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      STRATA_DEV_SWITCHES: '1',
      STRATA_ASSISTANT_URL: `http://127.0.0.1:${PORT + 7}/v1`,
      STRATA_ASSISTANT_MODEL: 'e2e-stub-model',
    },
  },
});
