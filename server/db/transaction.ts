// The one way the platform runs a transaction: begin, the work, commit; rollback on any error.
import pg from 'pg';

/**
 * Runs `work` inside a transaction. Given a pool, a client is checked out for the length of the transaction and
 * released after; given a client already held (an admin connection, a client holding a session-level lock), the
 * transaction runs on it and the client stays with the caller.
 */
export async function withTransaction<T>(db: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
export async function withTransaction<T, C extends pg.ClientBase>(db: C, work: (client: C) => Promise<T>): Promise<T>;
export async function withTransaction<T>(
  db: pg.Pool | pg.ClientBase,
  // The overloads tie the client's type to the argument's; here either kind is handed on.
  work: (client: never) => Promise<T>,
): Promise<T> {
  if (db instanceof pg.Pool) {
    const client = await db.connect();
    try {
      return await inTransaction(client, work);
    } finally {
      client.release();
    }
  }
  return inTransaction(db, work);
}

async function inTransaction<T>(client: pg.ClientBase, work: (client: never) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work(client as never);
    await client.query('commit');
    return result;
  } catch (error) {
    // A failed rollback (connection lost) must not hide the error that caused it.
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
