// Boots what the API needs, in the background: the Postgres server (embedded or DATABASE_URL), the platform
// database and the auth service. The HTTP server is already listening meanwhile (DESIGN §5).
import { join } from 'node:path';
import { createAuthService, type AuthService } from './auth/index.ts';
import type { Config } from './config.ts';
import { startEmbeddedCluster } from './db/embedded.ts';
import { serverFromUrl, type DatabaseServer } from './db/server.ts';
import { removeStalePartialBackups } from './lifecycle/backups.ts';
import { bootstrapMode } from './self-hosted.ts';
import { createServices, type Services } from './services.ts';
import { startBackgroundWork } from './metrics/background.ts';

export interface Runtime {
  services: Promise<Services>;
  auth: Promise<AuthService>;
  /** Closes pools, then stops the Postgres server when the platform owns it. */
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  issuer: string;
  log: (line: string) => void;
  /** Name of the platform database (tests sharing one server use their own); strata_platform by default. */
  platformDatabase?: string;
}

export function startRuntime(config: Config, options: RuntimeOptions): Runtime {
  const started = performance.now();
  const server: Promise<DatabaseServer> = config.databaseUrl
    ? Promise.resolve(serverFromUrl(config.databaseUrl, 'external'))
    : startEmbeddedCluster({
        dataDir: config.dataDir,
        port: config.pgPort,
        portExplicit: config.pgPortExplicit,
        log: options.log,
      }).then((cluster) => {
        const { initdbMs, startMs, reused } = cluster.startup;
        options.log(
          `Postgres ${reused ? 'reused' : 'started'} on 127.0.0.1:${cluster.port}` +
            ` (${initdbMs !== null ? `initdb ${initdbMs} ms, ` : ''}start ${startMs} ms)`,
        );
        return cluster;
      });
  // Self-hosted mode: the default organization and project exist before any API call is served (API calls
  // await `services`). A failure there is logged and leaves the rest of the API working.
  const services = server
    .then((s) =>
      createServices(s, {
        filesDir: join(config.dataDir, 'files'),
        ...(config.storage ? { storage: config.storage } : {}),
        // issue 16: Debian's pgbouncer, when installed, as the transaction and session poolers of the Connect dialog.
        poolers: true,
        ...(options.platformDatabase ? { platformDatabase: options.platformDatabase } : {}),
      }),
    )
    .then(async (s) => {
      await bootstrapMode(config.mode, s, options.log).catch((error: Error) =>
        options.log(`The default project could not be created: ${error.message}`),
      );
      // Dumps a crash cut short are never finished (issue 13 finding 9); interrupted backups were marked failed.
      await removeStalePartialBackups(s.pool, s.filesDir).then(
        (removed) => removed.length > 0 && options.log(`Removed ${removed.length} unfinished backup file(s) of an earlier run`),
        (error: Error) => options.log(`Unfinished backup files could not be removed: ${error.message}`),
      );
      return s;
    });
  const auth = services.then((s) =>
    createAuthService({ pool: s.pool, issuer: options.issuer, dataDir: config.dataDir, mode: config.mode, log: options.log }),
  );
  services.then(
    () => options.log(`Database ready in ${Math.round(performance.now() - started)} ms`),
    (error: Error) => options.log(`The database could not start: ${error.message}`),
  );
  // Failures are reported through the API (503) and the line above; avoid unhandled-rejection crashes.
  auth.catch(() => {});
  // issue 19: the metric sampler, the log prune and the Postgres log reader (the embedded cluster's log only).
  const background = services.then((s) =>
    startBackgroundWork({
      pool: s.pool,
      pools: s.pools,
      filesDir: s.filesDir,
      postgresLogFile: config.databaseUrl ? null : join(config.dataDir, 'pg', 'server.log'),
      log: options.log,
    }),
  );
  background.catch(() => {});

  let stopping: Promise<void> | null = null;
  return {
    services,
    auth,
    stop() {
      stopping ??= (async () => {
        await (await background.catch(() => null))?.stop();
        const ready = await services.catch(() => null);
        await ready?.close();
        const running = await server.catch(() => null);
        await running?.stop();
      })();
      return stopping;
    },
  };
}
