// Issue 13 finding 5: the console's queries cannot starve the project API. Slow SQL-editor queries run on their
// own pool; the storage API (and the table list) still answer at once; a burst of short queries queues within
// the compute size's limit instead of failing; a database that cannot be reached is a 503, never a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../db/platformDb.ts';
import { projectDatabase } from '../projects/names.ts';
import { poolSizes } from '../projects/pools.ts';
import { startStorageFixture, type StorageFixture } from '../storage/testing.ts';

let f: StorageFixture;

const sql = (query: string) =>
  f.h.call('POST', `/api/platform/pg-meta/${f.ref}/query`, { token: f.owner.token, body: { query } });
const publicUrl = (name: string) => `${f.storageUrl}/object/public/pub/${name}`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function runningSleeps(): Promise<number> {
  const { rows } = await withAdminClient(f.h.services.server, (admin) =>
    admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'select pg_sleep(%' and state = 'active'`, [
      projectDatabase(f.ref),
    ]),
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  f = await startStorageFixture();
  expect((await f.client().createBucket('pub', { public: true })).error).toBeNull();
  expect((await f.client().from('pub').upload('hello.txt', Buffer.from('hello'), { contentType: 'text/plain' })).error).toBeNull();
}, 120_000);
afterAll(async () => f?.close());

describe('pool sizes', () => {
  it('follow the compute size: Micro (60 connections) gives the API 20 and the console 10, within the limit', () => {
    expect(poolSizes(60)).toEqual({ api: 20, console: 10 });
    for (const limit of [60, 90, 120, 160, 240, 380, 480, 500]) {
      const sizes = poolSizes(limit);
      expect(sizes.api + sizes.console).toBeLessThan(limit);
      expect(sizes.console).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('console queries and the project API', () => {
  it('three slow console queries leave the storage API, a public download and the table list answering at once', async () => {
    const slow = [1, 2, 3].map(() => sql('select pg_sleep(6)'));
    const deadline = Date.now() + 5000;
    while ((await runningSleeps()) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runningSleeps()).toBe(3);

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const list = await timed(() => f.client().from('pub').list());
      expect(list.value.error).toBeNull();
      expect(list.value.data?.map((o) => o.name)).toEqual(['hello.txt']);
      latencies.push(list.ms);
      const download = await timed(() => fetch(publicUrl('hello.txt')));
      expect(download.value.status).toBe(200);
      expect(await download.value.text()).toBe('hello');
      latencies.push(download.ms);
    }
    const tables = await timed(() => f.h.call('GET', `/api/platform/pg-meta/${f.ref}/tables`, { token: f.owner.token }));
    expect(tables.value.status).toBe(200);
    expect(tables.ms).toBeLessThan(2000);
    // Still busy: the measurements above were taken while the three queries ran.
    expect(await runningSleeps()).toBe(3);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!;
    console.info(`storage API during 3 slow console queries: p50 ${Math.round(latencies[latencies.length >> 1]!)} ms, p99 ${Math.round(p99)} ms`);
    expect(p99).toBeLessThan(1000);
    for (const response of await Promise.all(slow)) expect(response.status).toBe(200);
  }, 30_000);

  it('queues a burst of 50 short console queries within the limit: all succeed', async () => {
    const { value: responses, ms } = await timed(() => Promise.all(Array.from({ length: 50 }, () => sql('select pg_sleep(0.5) as slept'))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    console.info(`50 concurrent pg_sleep(0.5): all 200 in ${Math.round(ms)} ms`);
  }, 30_000);

  it('answers 503, never 404, for downloads when the database cannot be reached', async () => {
    const database = projectDatabase(f.ref);
    await withAdminClient(f.h.services.server, async (admin) => {
      await admin.query(`alter database ${admin.escapeIdentifier(database)} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    });
    await f.h.services.pools.close(f.ref);
    try {
      const publicDownload = await fetch(publicUrl('hello.txt'));
      expect(publicDownload.status).toBe(503);
      expect(await publicDownload.json()).toMatchObject({ statusCode: '503', message: 'The project database is not available' });
      const keyed = await f.client().from('pub').download('hello.txt');
      expect(keyed.error).toMatchObject({ status: 503 });
      const anonKeyed = await fetch(`${f.storageUrl}/object/pub/hello.txt`, { headers: { apikey: f.keys.anon, authorization: `Bearer ${f.keys.anon}` } });
      expect(anonKeyed.status).toBe(503);
      const signMany = await fetch(`${f.storageUrl}/object/sign/pub`, {
        method: 'POST',
        headers: { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60, paths: ['hello.txt'] }),
      });
      expect(signMany.status).toBe(503);
    } finally {
      await withAdminClient(f.h.services.server, (admin) => admin.query(`alter database ${admin.escapeIdentifier(database)} allow_connections true`));
    }
    expect((await fetch(publicUrl('hello.txt'))).status).toBe(200);
  });
});
