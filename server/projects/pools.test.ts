// Issue 15 (platform memory): a project database keeps no idle connection for long. Each one is a postgres
// backend of ~15 MB, so five projects opened once used to hold ~75 MB for 10 s after their last request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../db/platformDb.ts';
import { startStorageFixture, type StorageFixture } from '../storage/testing.ts';
import { projectDatabase } from './names.ts';
import { IDLE_CONNECTION_MS, WARM_AFTER_SATURATION_MS } from './pools.ts';

let f: StorageFixture;

beforeAll(async () => {
  f = await startStorageFixture();
}, 120_000);
afterAll(async () => f?.close());

const sql = (query: string) => f.h.call('POST', `/api/platform/pg-meta/${f.ref}/query`, { token: f.owner.token, body: { query } });

async function backends(): Promise<number> {
  const { rows } = await withAdminClient(f.h.services.server, (admin) =>
    admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      projectDatabase(f.ref),
    ]),
  );
  return rows[0]!.n;
}

describe('project pools', () => {
  it('close a connection soon after it goes idle, and open a new one for the next request', async () => {
    expect((await sql('select 1 as one')).status).toBe(200);
    expect(await backends()).toBeGreaterThan(0);
    // The promise measured by the platform bench: a second after the last request, nothing is held.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await backends()).toBe(0);
    const again = await sql('select 2 as two');
    expect(again.status).toBe(200);
    expect(JSON.stringify(again.body)).toContain('2');
  });

  it('keep the connection warm through a burst of requests (no reconnect between them)', async () => {
    await sql('select 1');
    const pids = new Set<number>();
    for (let n = 0; n < 5; n++) {
      const { body } = await sql('select pg_backend_pid() as pid');
      pids.add(Number((body as Array<{ pid: number }>)[0]!.pid));
      await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS / 5));
    }
    expect(pids.size).toBe(1);
  });

  it('keep the API pool warm for WARM_AFTER_SATURATION_MS after it was saturated, then close its connections (issue 17)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pools = f.h.services.pools;
    const pool = (await pools.get(f.ref)) as Awaited<ReturnType<typeof pools.get>> & { options: { max: number } };
    const max = pool.options.max;
    const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    await pools.get(f.ref); // a request finds every connection busy
    for (const client of clients) client.release();
    // Past the idle rule: all kept.
    await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS * 3));
    expect(await backends()).toBe(max);
    // Past the warm period and the idle rule: none kept.
    await new Promise((resolve) => setTimeout(resolve, WARM_AFTER_SATURATION_MS - IDLE_CONNECTION_MS * 3 + IDLE_CONNECTION_MS + 1000));
    expect(await backends()).toBe(0);
  }, 30_000);
});
