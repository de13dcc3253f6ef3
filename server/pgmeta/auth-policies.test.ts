// Authentication → Policies (issue 18) on a real project database: the page's read (src/actors/auth-policies.ts, its
// ky client answered by the app in-process) lists a schema's tables with their RLS state and policies, hostile names
// included; the scripts the editor builds (src/domain/auth-policies.ts) run as reviewed and do what they say under
// impersonation with `request.jwt.claims` set.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { setAccessTokenGetter } from '../../src/api/client.ts';
import { fetchPolicyTables } from '../../src/actors/auth-policies.ts';
import {
  POLICY_TEMPLATES,
  applyPolicyTemplate,
  createPolicyScript,
  deletePolicyScript,
  editPolicyScript,
  emptyPolicyDraft,
  policyRolesQuery,
  setRlsScript,
} from '../../src/domain/auth-policies.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const HOSTILE_SCHEMA = 'sch"ema; --';
const HOSTILE_TABLE = 'tâble "x"; drop table todos';

function query(body: Record<string, unknown>) {
  return h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body });
}
const sql = async (text: string) => {
  const response = await query({ query: text });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Array<Record<string, unknown>>;
};
const as = (sub: string | null, text: string) =>
  query({
    query: text,
    impersonation: sub ? { role: 'authenticated', claims: { role: 'authenticated', ref, sub } } : { role: 'anon', claims: { role: 'anon', ref } },
  });

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  ref = await h.activeProject(owner);
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => Promise.resolve(h.app.request(input instanceof URL ? input.href : input, init)));
  setAccessTokenGetter(async () => owner.token);
  await sql(`
    create table todos (id int primary key, user_id uuid, body text);
    insert into todos values (1, '${ALICE}', 'alice'), (2, '${BOB}', 'bob');
    grant select, insert, update, delete on todos to anon, authenticated;
    create table open_notes (id int);
    create view todo_view as select * from todos;
    create schema "sch""ema; --";
    create table "sch""ema; --"."tâble ""x""; drop table todos" (id int);
    alter table "sch""ema; --"."tâble ""x""; drop table todos" enable row level security;
    create policy "it's ""ours""" on "sch""ema; --"."tâble ""x""; drop table todos" as restrictive for update to anon, authenticated
      using (id > 0) with check (id < 10);`);
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await h?.close();
});

describe('policies on Postgres', () => {
  it('lists the tables of a schema (not views) with RLS off and no policies, filtered by name', async () => {
    const tables = await fetchPolicyTables(ref, 'public');
    expect(tables.map((t) => t.name)).toEqual(['open_notes', 'todos']);
    expect(tables[1]).toEqual({ schema: 'public', name: 'todos', rls_enabled: false, policies: [] });
    expect((await fetchPolicyTables(ref, 'public', 'TODO')).map((t) => t.name)).toEqual(['todos']);
    expect(await fetchPolicyTables(ref, 'public', "'; drop table todos; --")).toEqual([]);
  });

  it('offers the API roles for a policy, and no platform or other project role', async () => {
    const other = await h.activeProject(owner);
    const roles = (await sql(policyRolesQuery.query)).map((row) => row.name);
    expect(roles).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    expect(roles.filter((name) => typeof name === 'string' && (name.startsWith('strata_') || name.startsWith('pg_')))).toEqual([]);
    expect(roles.some((name) => typeof name === 'string' && name.includes(other))).toBe(false);
  }, 120_000);

  it('reads hostile schema, table, policy names and every field of a policy', async () => {
    expect(await fetchPolicyTables(ref, HOSTILE_SCHEMA)).toEqual([
      {
        schema: HOSTILE_SCHEMA,
        name: HOSTILE_TABLE,
        rls_enabled: true,
        policies: [{ name: `it's "ours"`, command: 'UPDATE', roles: ['anon', 'authenticated'], using: '(id > 0)', with_check: '(id < 10)', permissive: false }],
      },
    ]);
    // The same as pg_policies says.
    const [row] = await sql(`select policyname, cmd, roles::text[] as roles, permissive from pg_policies where schemaname = 'sch"ema; --'`);
    expect(row).toEqual({ policyname: `it's "ours"`, cmd: 'UPDATE', roles: ['anon', 'authenticated'], permissive: 'RESTRICTIVE' });
  });

  it('enabling RLS without policies hides every row; the user_id templates let each user see and change only their own', async () => {
    await sql(setRlsScript('public', 'todos', true).query);
    expect((await fetchPolicyTables(ref, 'public', 'todos'))[0]?.rls_enabled).toBe(true);
    expect((await as(ALICE, 'select id from todos')).body).toEqual([]);

    const read = applyPolicyTemplate(emptyPolicyDraft('public', 'todos'), POLICY_TEMPLATES[0]!);
    await sql(createPolicyScript({ ...read, name: 'own rows', roles: ['authenticated'], using: 'auth.uid() = user_id' }).query);
    expect((await as(ALICE, 'select id from todos order by id')).body).toEqual([{ id: 1 }]);
    expect((await as(BOB, 'select id from todos order by id')).body).toEqual([{ id: 2 }]);
    expect((await as(null, 'select id from todos')).body).toEqual([]);

    const update = applyPolicyTemplate(emptyPolicyDraft('public', 'todos'), POLICY_TEMPLATES[2]!);
    await sql(createPolicyScript(update).query);
    // `to public` (no role chosen) reads back as public.
    await sql(createPolicyScript({ ...read, name: 'to everyone', command: 'INSERT', withCheck: 'false' }).query);
    const everyone = (await fetchPolicyTables(ref, 'public', 'todos'))[0]!.policies.find((p) => p.name === 'to everyone');
    expect(everyone).toEqual({ name: 'to everyone', command: 'INSERT', roles: ['public'], using: null, with_check: 'false', permissive: true });
    await sql(deletePolicyScript('public', 'todos', 'to everyone').query);
    expect((await as(ALICE, `update todos set body = 'mine' returning id`)).body).toEqual([{ id: 1 }]);
    // Moving a row to another user fails the WITH CHECK.
    const moved = await as(ALICE, `update todos set user_id = '${BOB}' where id = 1`);
    expect(moved.status).toBe(400);
    expect((moved.body as { message: string }).message).toBe('new row violates row-level security policy for table "todos"');

    const [policy] = (await fetchPolicyTables(ref, 'public', 'todos'))[0]!.policies.filter((p) => p.command === 'UPDATE');
    expect(policy).toMatchObject({ name: 'Enable update for users based on user_id', roles: ['authenticated'], using: '(auth.uid() = user_id)' });
  });

  it('an edit replaces the policy in one transaction; a failing edit keeps the old one; delete drops it', async () => {
    const before = { schema: 'public', table: 'todos', name: 'own rows' };
    const next = { ...emptyPolicyDraft('public', 'todos'), name: 'everyone reads', using: 'true' };
    const broken = await query({ query: editPolicyScript(before, { ...next, using: 'no_such_column = 1' }).query });
    expect(broken.status).toBe(400);
    expect((broken.body as { message: string }).message).toBe('column "no_such_column" does not exist');
    expect((await fetchPolicyTables(ref, 'public', 'todos'))[0]!.policies.map((p) => p.name)).toContain('own rows');

    await sql(editPolicyScript(before, next).query);
    const names = (await fetchPolicyTables(ref, 'public', 'todos'))[0]!.policies.map((p) => p.name);
    expect(names).toEqual(['Enable update for users based on user_id', 'everyone reads']);
    expect((await as(null, 'select id from todos order by id')).body).toEqual([{ id: 1 }, { id: 2 }]);

    await sql(deletePolicyScript('public', 'todos', 'everyone reads').query);
    await sql(setRlsScript('public', 'todos', false).query);
    const [todos] = await fetchPolicyTables(ref, 'public', 'todos');
    expect(todos).toMatchObject({ rls_enabled: false, policies: [{ name: 'Enable update for users based on user_id' }] });
  });
});
