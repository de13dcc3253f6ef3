// Role impersonation through the query endpoint (spec B2.7, B7), on a real project database: postgrest roles with
// claims, a custom access-token hook with hostile names, and nothing carried over to the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';
const HOOK_SCHEMA = 'hooks"; drop table notes; --';
const HOOK_FN = 'Custom Claims ünïcode';

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Acme' } });
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'Shop', db_pass: 'correct horse battery', db_region: 'local' },
  });
  ref = created.body.ref;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  const setup = await query({
    query: `
      create table notes (id int primary key, owner_id uuid, body text);
      insert into notes values (1, '${ALICE}', 'alice note'), (2, '${BOB}', 'bob note');
      alter table notes enable row level security;
      grant select on notes to anon, authenticated, service_role;
      create policy own_notes on notes for select to authenticated
        using (owner_id = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid);
      create policy service_all on notes for select to service_role using (true);
      create schema "hooks""; drop table notes; --";
      grant usage on schema "hooks""; drop table notes; --" to authenticated;
      create function "hooks""; drop table notes; --"."Custom Claims ünïcode"(event jsonb) returns jsonb language sql as $$
        select jsonb_build_object('claims', (event -> 'claims') || jsonb_build_object('sub', '${BOB}', 'role', 'authenticated',
          'seen_method', event ->> 'authentication_method', 'seen_user', event ->> 'user_id'))
      $$;`,
  });
  expect(setup.status).toBe(200);
}, 60_000);
afterAll(async () => h?.close());

function query(body: Record<string, unknown>) {
  return h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body });
}

const claimsFor = (role: string, sub?: string) => ({ role, ref, ...(sub ? { sub } : {}) });

describe('role impersonation', () => {
  it('anon sees no row of a table with RLS; authenticated sees only its own; service_role sees all', async () => {
    const select = 'select id from notes order by id';
    expect((await query({ query: select })).body).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await query({ query: select, impersonation: { role: 'anon', claims: claimsFor('anon') } })).body).toEqual([]);
    const alice = await query({ query: select, impersonation: { role: 'authenticated', claims: claimsFor('authenticated', ALICE) } });
    expect(alice.body).toEqual([{ id: 1 }]);
    const service = await query({ query: select, impersonation: { role: 'service_role', claims: claimsFor('service_role') } });
    expect(service.body).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('applies the role with parameters too, and in several statements, then resets it for the next request', async () => {
    const withParams = await query({
      query: 'select id from notes where id > $1 order by id',
      parameters: [0],
      impersonation: { role: 'authenticated', claims: claimsFor('authenticated', BOB) },
    });
    expect(withParams.body).toEqual([{ id: 2 }]);
    const several = await query({
      query: 'select 1; select current_user as who, current_setting($$request.jwt.claims$$, true) as claims',
      impersonation: { role: 'anon', claims: { role: 'anon', note: "it's \"quoted\"; drop table notes; --" } },
    });
    expect(several.body[0].who).toBe('anon');
    expect(JSON.parse(several.body[0].claims).note).toBe("it's \"quoted\"; drop table notes; --");
    const after = await query({ query: 'select current_user as who, current_setting($$request.jwt.claims$$, true) as claims' });
    expect(after.body[0].who).toBe(`strata_${ref}`);
    expect(after.body[0].claims ?? '').toBe('');
  });

  it('resolves a postgres role through a hook with hostile names: the returned claims replace the originals', async () => {
    const result = await query({
      query: `select id, current_setting('request.jwt.claims', true)::jsonb as claims from notes order by id`,
      impersonation: {
        role: 'postgres-via-hook',
        claims: claimsFor('authenticated', ALICE),
        hook: { schema: HOOK_SCHEMA, functionName: HOOK_FN },
      },
    });
    expect(result.status).toBe(200);
    // The hook swapped the subject to Bob: Bob's row only.
    expect(result.body.map((row: { id: number }) => row.id)).toEqual([2]);
    expect(result.body[0].claims).toMatchObject({ sub: BOB, seen_method: 'password', seen_user: ALICE });
    expect((await query({ query: 'select count(*)::int as n from notes' })).body).toEqual([{ n: 2 }]);
  });

  it('answers a 400 with Postgres’s message for a missing hook or an unknown role, never a 500', async () => {
    const missing = await query({
      query: 'select 1',
      impersonation: { role: 'x', claims: {}, hook: { schema: 'public', functionName: 'no_such_hook' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/does not exist/);
    const unknown = await query({ query: 'select 1', impersonation: { role: 'no_such_role', claims: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/role "no_such_role" does not exist/);
    const superuser = await query({ query: 'select 1', impersonation: { role: 'postgres', claims: {} } });
    expect(superuser.status).toBe(400);
  });
});
