// Test-only: the platform app in a child process on an existing cluster, platform database and files folder
// (the restart test kills it mid-upload and starts another). Prints "LISTENING <port>" when ready.
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { serverFromUrl } from '../db/server.ts';
import { createServices } from '../services.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const services = await createServices(serverFromUrl(env('STRATA_TEST_CLUSTER_URL'), 'external'), {
  platformDatabase: env('STRATA_TEST_PLATFORM_DB'),
  filesDir: env('STRATA_TEST_FILES_DIR'),
});
const port = Number(env('STRATA_TEST_PORT'));
// The parent names it (inside its work folder) and removes it: this process is killed, so it cannot.
const distDir = env('STRATA_TEST_DIST_DIR');
mkdirSync(distDir, { recursive: true });
const app = createApp({
  mode: 'platform',
  publicHost: `127.0.0.1:${port}`,
  distDir,
  services: async () => services,
  verifyAccessToken: async () => null,
});
serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => {
  process.stdout.write(`LISTENING ${info.port}\n`);
});
