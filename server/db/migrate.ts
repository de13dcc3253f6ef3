// Applies server/migrations/*.sql to the platform database: filename order, each file once, each in its own
// transaction, recorded in strata_migrations. An advisory lock lets two platforms start on one database safely.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type pg from 'pg';
import { withTransaction } from './transaction.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Arbitrary constant key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_361_524_019;

export async function migrate(pool: pg.Pool, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      'create table if not exists strata_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ name: string }>('select name from strata_migrations');
    const done = new Set(rows.map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = readFileSync(join(dir, name), 'utf8');
      try {
        await withTransaction(client, async (migration) => {
          await migration.query(sql);
          await migration.query('insert into strata_migrations (name) values ($1)', [name]);
        });
        applied.push(name);
      } catch (error) {
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    // Not back to the pool: the backend that ran the migrations' DDL keeps large catalog caches (~28 MB RSS against
    // ~15 MB for a fresh one) for as long as it lives (issue 15, platform memory).
    client.release(true);
  }
  return applied;
}
