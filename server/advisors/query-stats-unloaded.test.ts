// Query Performance on a Postgres server that does not preload pg_stat_statements (an adopted running cluster, or an
// existing server through DATABASE_URL): a clear notice, not an error; the reset and the statement lookup do nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverFromUrl } from '../db/server.ts';
import { startEmbeddedCluster } from '../testing/database.ts';
import { NOT_PRELOADED_MESSAGE, readQueryStats, resetQueryStats, statementText } from './query-stats.ts';

let cluster: { base: string; stop: () => Promise<void> };

beforeAll(async () => {
  cluster = await startEmbeddedCluster({ preloadQueryStats: false });
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

it('answers unavailable with the reason', async () => {
  const server = serverFromUrl(cluster.base, 'external');
  expect(await readQueryStats(server, 'abcdefghijklmnopqrst', { order: 'total_time', limit: 10 })).toEqual({
    available: false,
    message: NOT_PRELOADED_MESSAGE,
    queries: [],
  });
  expect(await statementText(server, 'abcdefghijklmnopqrst', '1')).toBeNull();
  await expect(resetQueryStats(server, 'abcdefghijklmnopqrst')).resolves.toBeUndefined();
});
