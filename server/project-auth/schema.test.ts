// Issue 18 step 1: a project's database has the `auth` schema from provisioning on, and auth.uid()/role()/jwt()/
// email() read the claims the Data API sets; a project made before (no schema) gets it on first use, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';
import { ensureProjectAuthSchema } from './schema.ts';

let p: DataApiProject;
beforeAll(async () => {
  p = await startDataApiProject('Auth schema');
}, 120_000);
afterAll(() => p?.h.close());

const rows = (result: unknown) => result as Record<string, unknown>[];

describe('the auth schema of a project', () => {
  it('exists after provisioning, with the tables auth needs', async () => {
    const tables = rows(
      await p.sql(`select table_name from information_schema.tables where table_schema = 'auth' order by 1`),
    ).map((row) => row.table_name);
    for (const name of ['users', 'identities', 'sessions', 'refresh_tokens', 'mfa_factors', 'audit_log_entries']) {
      expect(tables).toContain(name);
    }
  });

  it('auth.uid(), role(), email() and jwt() read request.jwt.claims, and a bad sub reads as null', async () => {
    const sub = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    const claims = JSON.stringify({ sub, role: 'authenticated', email: 'a@example.com', custom: 7 });
    const [row] = rows(
      await p.sql(`select set_config('request.jwt.claims', '${claims}', true),
        auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt()->>'custom' as custom`),
    );
    expect(row).toMatchObject({ uid: sub, role: 'authenticated', email: 'a@example.com', custom: '7' });
    const [bad] = rows(await p.sql(`select set_config('request.jwt.claims', '{"sub":"x''; drop"}', true), auth.uid() as uid`));
    expect(bad!.uid).toBeNull();
    const [none] = rows(await p.sql(`select auth.uid() as uid, auth.role() as role`));
    expect(none).toMatchObject({ uid: null, role: null });
  });

  it('the API roles may call the functions but not read the tables', async () => {
    const [row] = rows(
      await p.sql(`select has_function_privilege('authenticated', 'auth.uid()', 'execute') as fn,
        has_table_privilege('authenticated', 'auth.users', 'select') as users,
        has_table_privilege('anon', 'auth.refresh_tokens', 'select') as tokens`),
    );
    expect(row).toEqual({ fn: true, users: false, tokens: false });
  });

  it('an existing project without the schema gets it on first use, and applying twice is harmless', async () => {
    await p.sql('drop schema auth cascade');
    const pool = await p.h.services.pools.get(p.ref);
    await Promise.all([ensureProjectAuthSchema(pool), ensureProjectAuthSchema(pool)]);
    await ensureProjectAuthSchema(pool);
    const [row] = rows(await p.sql(`select count(*)::int as n from auth.users`));
    expect(row!.n).toBe(0);
  });
});
