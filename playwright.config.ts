import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, e2eChromiumPath } from './e2e/support/chromium.ts';
import { E2E_OUTPUT, E2E_WORKERS, STORAGE_STATE } from './e2e/support/fixture.ts';
import { ASSISTANT_STUB_PORT, E2E_BASE, E2E_PORT } from './e2e/support/ports.ts';

// e2e runs the built console on the real local platform, in Debian's Chromium (never a downloaded browser).
export { E2E_BASE };

// Specs that start a platform or a collector of their own on fixed ports just above E2E_PORT (e2e/support/ports.ts;
// the assistant stub of help-banner and the platform of consent-telemetry share one): one at a time, in their own
// project.
const OWN_PORTS = /(consent-telemetry|help-banner|signals-admin|signals-events)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: E2E_OUTPUT,
  fullyParallel: false,
  // Spec files run on E2E_WORKERS workers (2 by default), each with a fixture of its own (e2e/support/fixture.ts);
  // the tests of one file stay in order on one worker.
  workers: E2E_WORKERS,
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
    launchOptions: { executablePath: e2eChromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    // First: its files run one after another on one worker, beside the other worker's (queued last, they made a
    // 2.5-minute tail with one worker idle).
    {
      name: 'own-ports',
      use: { ...devices['Desktop Chrome'], storageState: STORAGE_STATE },
      dependencies: ['setup'],
      testMatch: OWN_PORTS,
      workers: 1,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], storageState: STORAGE_STATE },
      dependencies: ['setup'],
      // e2e/support/*.test.ts are vitest unit tests of the helpers (the 'unit' project).
      testIgnore: [/global\.setup\.ts/, OWN_PORTS, /support\//],
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
    // STRATA_ASSISTANT_*: the assistant's endpoint is a stub that e2e/help-banner.spec.ts serves on ASSISTANT_STUB_PORT.
    env: {
      PORT: String(E2E_PORT),
      STRATA_DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      STRATA_DEV_SWITCHES: '1',
      STRATA_ASSISTANT_URL: `http://127.0.0.1:${ASSISTANT_STUB_PORT}/v1`,
      STRATA_ASSISTANT_MODEL: 'e2e-stub-model',
    },
  },
});
