// Entry point of the local platform: `node --import tsx server/main.ts` (npm start / npm run serve).
// Listens first, boots the database in parallel; SIGINT/SIGTERM stop HTTP, then Postgres.
// Only what serving the console's pages needs is imported up front (server/http/console-first.ts); the runtime and
// the full app are loaded after the port is open, and requests other than pages wait for them.
import { serve } from '@hono/node-server';
import { loadConfig } from './config.ts';
import { DataFolderInUse, lockDataFolder } from './db/dataLock.ts';
import { consoleFirst, consoleOnlyApp } from './http/console-first.ts';
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
const loopbackOnly = /^(127\.|localhost$|::1$)/i.test(config.host);
const loadedConfig = config;

// The runtime first: it boots (or reaches) the database, which takes longest.
const runtimeReady = import('./runtime.ts').then(({ startRuntime }) =>
  startRuntime(loadedConfig, { issuer: `${publicOrigin}/auth/v1`, log, ...(platformDatabase ? { platformDatabase } : {}) }),
);

const appReady = Promise.all([runtimeReady, import('./app.ts'), import('hono')]).then(([runtime, { createApp }, { Hono }]) => {
  // The auth service's routes are defined relative to /auth/v1, so it is wrapped once it is ready.
  const authRoot = runtime.auth.then((service) => new Hono().route('/auth/v1', service.app));
  return createApp({
    mode: loadedConfig.mode,
    publicHost,
    distDir: loadedConfig.distDir,
    devSwitches: loadedConfig.devSwitches,
    loopbackOnly,
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
});
appReady.catch((error: Error) => {
  console.error(`[strata] the platform could not load: ${error.stack ?? error.message}`);
  process.exit(1);
});

const fetch = consoleFirst(consoleOnlyApp({ distDir: config.distDir, mode: config.mode, publicHost, loopbackOnly }), appReady);

const server = applyKeepAlive(
  serve({ fetch, hostname: config.host, port: config.port }, () => {
    console.log(`Strata is running at http://${publicHost}/dashboard`);
  }),
);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another port` : error.message,
  );
  void runtimeReady.then((runtime) => runtime.stop()).finally(() => process.exit(1));
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
    await (await runtimeReady).stop();
    log('stopped');
    process.exit(0);
  } catch (error) {
    console.error(`[strata] could not stop Postgres cleanly: ${(error as Error).message}`);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
