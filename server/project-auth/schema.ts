// The `auth` schema of a project's database (issue 18 step 1). The tables are the platform auth's own
// (server/migrations/0002_auth.sql, 0008_auth_hardening.sql: one implementation of auth, so one schema), then
// schema.sql adds what a project needs (identities, audit log, auth.uid()/role()/jwt()/email()). Applied at
// provisioning and, for projects made before this existed, on first use: idempotent, under an advisory lock so
// two platform processes (or a provisioning and a first request) do not apply it at once.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';

const read = (url: URL) => readFileSync(url, 'utf8');
const SCRIPTS = [
  new URL('../migrations/0002_auth.sql', import.meta.url),
  new URL('../migrations/0008_auth_hardening.sql', import.meta.url),
  new URL('./schema.sql', import.meta.url),
];

/** Bumped when schema.sql or the auth migrations change, so existing projects get the change on next use. */
export const PROJECT_AUTH_SCHEMA_VERSION = 4;

/** Per database (the lock is transaction-scoped, so it never outlives a failed apply). */
const LOCK_KEY = 7_361_524_118;

export async function ensureProjectAuthSchema(pool: pg.Pool): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    // Applied already at this version: nothing to do (a comment on the schema records the version).
    const { rows } = await client.query<{ version: string | null }>(
      `select obj_description(oid, 'pg_namespace') as version from pg_namespace where nspname = 'auth'`,
    );
    if (rows[0]?.version === `strata project auth v${PROJECT_AUTH_SCHEMA_VERSION}`) return;
    for (const script of SCRIPTS) await client.query(read(script));
    await client.query(`comment on schema auth is 'strata project auth v${PROJECT_AUTH_SCHEMA_VERSION}'`);
  });
}
