import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Two projects in one run (one pool, both cores): 'unit' (views, domain, machines) and 'server' (against a real
// Postgres). Only the server project has the global setup that starts the embedded cluster its files share, and
// vitest runs a project's global setup only when files of that project are in the run (a unit file alone starts none).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    fileParallelism: true,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'machines.test/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', include: ['server/**/*.test.ts'], globalSetup: ['server/testing/shared-cluster.ts'] } },
    ],
  },
});
