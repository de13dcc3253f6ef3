// vitest globalSetup of the 'server' project (vitest.config.ts): one embedded Postgres cluster for every server test
// file of the run, instead of one per file. Each file still gets databases of its own (startTestCluster →
// createDatabase, dropped at close), as on an existing server through DATABASE_URL, where the server tests already
// share one server (npm run test:server:external). With DATABASE_URL set, nothing is started here.
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster } from './database.ts';

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
  const cluster = await startEmbeddedCluster();
  project.provide('strataTestCluster', cluster.base);
  return cluster.stop;
}
