// withTransaction (issue 15): the one helper that replaced the hand-written begin/commit/rollback blocks.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { withTransaction } from './transaction.ts';

let cluster: TestCluster;
let pool: pg.Pool;

beforeAll(async () => {
  cluster = await startTestCluster();
  pool = new pg.Pool({ connectionString: await cluster.createDatabase('tx'), max: 2 });
  // The cluster's shutdown can reach an idle client before pool.end() has closed it (a loaded machine): the pool
  // then emits 'error', which with no listener would be an uncaught exception after the tests passed.
  pool.on('error', () => {});
  await pool.query('create table t (n int primary key)');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await cluster?.close();
});

const count = async () => Number((await pool.query('select count(*) from t')).rows[0].count);

describe('withTransaction', () => {
  it('commits the work and returns its result, releasing the pooled client', async () => {
    const result = await withTransaction(pool, async (client) => {
      await client.query('insert into t values (1), (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await count()).toBe(2);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('rolls every statement back when the work throws, and rethrows the error', async () => {
    const before = await count();
    const failure = withTransaction(pool, async (client) => {
      await client.query('insert into t values (10)');
      await client.query('insert into t values (1)'); // duplicate key
    });
    await expect(failure).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('runs on a client the caller holds and leaves it open and idle', async () => {
    const client = new pg.Client({ connectionString: cluster.url(new URL(pool.options.connectionString!).pathname.slice(1)) });
    await client.connect();
    try {
      await expect(
        withTransaction(client, async (held) => {
          await held.query('insert into t values (20)');
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect((await client.query('select count(*) from t where n = 20')).rows[0].count).toBe('0');
      await withTransaction(client, (held) => held.query('insert into t values (21)'));
      expect(client.getTransactionStatus()).toBe('I');
      expect(await count()).toBeGreaterThan(0);
      expect((await pool.query('select 1 from t where n = 21')).rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });
});
