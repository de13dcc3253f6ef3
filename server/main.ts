// Entry point of the local platform: `node --import tsx server/main.ts` (npm start / npm run serve).
// Listens first, boots the database in parallel; SIGINT/SIGTERM stop HTTP, then Postgres.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataFolderInUse, lockDataFolder } from './db/dataLock.ts';
import { startRuntime } from './runtime.ts';
import { applyKeepAlive } from './http/keepAlive.ts';

const log = (line: string) => console.log(`[strata] ${line}`);

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// One platform per data folder (issue 13 finding 7): a second start is refused here, before it can touch the
// first one's Postgres. The claim is given up however this process exits; one left by a killed platform is taken
// over at the next start.
try {
  const lock = lockDataFolder(config.dataDir);
  process.on('exit', () => lock.release());
} catch (error) {
  console.error(error instanceof DataFolderInUse ? error.message : `The data folder cannot be used: ${(error as Error).message}`);
  process.exit(1);
}

// A wildcard bind is still reached through loopback; that is the address clients are given.
const publicHostname = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
// Behind a load balancer (issue 23) every process gives the balancer's address: one issuer, one public host.
const publicHost = config.publicUrl ? new URL(config.publicUrl).host : `${publicHostname}:${config.port}`;
const publicOrigin = config.publicUrl ?? `http://${publicHost}`;
// STRATA_PLATFORM_DATABASE: the platform database's name on the server (strata_platform by default).
const platformDatabase = process.env.STRATA_PLATFORM_DATABASE?.trim();
const runtime = startRuntime(config, { issuer: `${publicOrigin}/auth/v1`, log, ...(platformDatabase ? { platformDatabase } : {}) });

// The auth service's routes are defined relative to /auth/v1, so it is wrapped once it is ready.
const authRoot = runtime.auth.then((service) => new Hono().route('/auth/v1', service.app));

const app = createApp({
  mode: config.mode,
  publicHost,
  distDir: config.distDir,
  devSwitches: config.devSwitches,
  loopbackOnly: /^(127\.|localhost$|::1$)/i.test(config.host),
  services: () => runtime.services,
  verifyAccessToken: async (token) => (await runtime.auth).verifyAccessToken(token),
  auth: async (request, env) => {
    try {
      return await (await authRoot).fetch(request, env);
    } catch {
      return Response.json({ message: 'The auth service is not available; see the platform log' }, { status: 503 });
    }
  },
});

const server = applyKeepAlive(
  serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => {
    console.log(`Strata is running at http://${publicHost}/dashboard`);
  }),
);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another port` : error.message,
  );
  void runtime.stop().finally(() => process.exit(1));
});

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) {
    // A second Ctrl-C means "now": Postgres is left running and adopted at the next start.
    console.error('[strata] exiting without waiting');
    process.exit(130);
  }
  shuttingDown = true;
  log(`${signal}: stopping`);
  // Stop accepting requests and let in-flight ones finish, then stop Postgres.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(resolve, 5000).unref();
  });
  try {
    await runtime.stop();
    log('stopped');
    process.exit(0);
  } catch (error) {
    console.error(`[strata] could not stop Postgres cleanly: ${(error as Error).message}`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
