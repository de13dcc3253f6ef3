// The Database admin pages' SQL (issue 19, src/domain/database/) on a real project database through the console's
// query endpoint, as the project's owner role: catalog reads answer the shapes the pages read, and each reviewed
// script does what it says (extensions, indexes, publications, column privileges; roles read-only here since the
// local platform's project role has no CREATEROLE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import type { Statement } from '../../src/domain/table-editor/sql.ts';
import { columnGrantScript, columnPrivilegesQuery, privilegeRolesQuery, type ColumnPrivilegeRow } from '../../src/domain/database/column-privileges.ts';
import { disableExtensionScript, enableExtensionScript, extensionDependentsQuery, extensionsQuery, type ExtensionRow } from '../../src/domain/database/extensions.ts';
import { createIndexScript, dropIndexScript, emptyIndexDraft, indexesQuery, indexTablesQuery, type IndexRow } from '../../src/domain/database/indexes.ts';
import { createPublicationScript, publicationsQuery, setAllTablesScript, setOperationScript, setTableScript, type PublicationRow } from '../../src/domain/database/publications.ts';
import { canManageRolesQuery, rolesQuery, type RoleRow } from '../../src/domain/database/roles.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const call = (statement: Statement | { query: string }) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: statement });
async function rows<T>(statement: Statement | { query: string }): Promise<T[]> {
  const response = await call(statement);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T[];
}

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  ref = await h.activeProject(owner);
  await rows({ query: `create table "Orders" (id int primary key, "customer id" int, note text, tags text[]); insert into "Orders" select g, g % 7, 'n' || g, array['a'] from generate_series(1, 50) g` });
});
afterAll(async () => h?.close());

describe('extensions', () => {
  it('lists what the server ships, enables one into a new schema and guards its dependents on disable', async () => {
    const before = await rows<ExtensionRow>(extensionsQuery);
    const hstore = before.find((row) => row.name === 'hstore');
    expect(hstore).toMatchObject({ installed_version: null });
    expect(before.some((row) => row.name === 'pg_trgm')).toBe(true);
    await rows(enableExtensionScript({ name: 'hstore', schema: 'extensions', version: '' }));
    const after = (await rows<ExtensionRow>(extensionsQuery)).find((row) => row.name === 'hstore');
    expect(after).toMatchObject({ schema: 'extensions', installed_version: hstore!.default_version });

    await rows({ query: 'create table kv (id int, attrs extensions.hstore)' });
    const dependents = await rows<{ object: string }>(extensionDependentsQuery('hstore'));
    expect(dependents.map((row) => row.object)).toContain('column attrs of table kv');
    const refused = await call(disableExtensionScript('hstore', false));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/other objects depend on it/);
    await rows(disableExtensionScript('hstore', true));
    expect((await rows<ExtensionRow>(extensionsQuery)).find((row) => row.name === 'hstore')?.installed_version).toBeNull();
    expect(await rows({ query: `select count(*)::int as n from information_schema.columns where table_name = 'kv'` })).toEqual([{ n: 1 }]);
  });
});

describe('indexes', () => {
  it('creates an index with method and columns, lists it with size and usage, and drops it', async () => {
    const tables = await rows<{ name: string; columns: string[] }>(indexTablesQuery('public'));
    expect(tables.find((t) => t.name === 'Orders')?.columns).toEqual(['id', 'customer id', 'note', 'tags']);
    await rows(createIndexScript({ ...emptyIndexDraft('public'), table: 'Orders', columns: ['customer id', 'note'], name: 'orders_customer' }));
    await rows(createIndexScript({ ...emptyIndexDraft('public'), table: 'Orders', columns: ['tags'], method: 'gin' }));
    await rows({ query: `set enable_seqscan = off; select count(*) from "Orders" where "customer id" = 3` });
    const indexes = await rows<IndexRow>(indexesQuery('public'));
    const made = indexes.find((i) => i.name === 'orders_customer');
    expect(made).toMatchObject({ table: 'Orders', method: 'btree', columns: ['"customer id"', 'note'], is_unique: false, constraint: null });
    expect(made!.size_bytes).toBeGreaterThan(0);
    expect(indexes.find((i) => i.method === 'gin')?.columns).toEqual(['tags']);
    expect(indexes.find((i) => i.is_primary)).toMatchObject({ constraint: 'Orders_pkey' });
    await rows(dropIndexScript('public', 'orders_customer'));
    expect((await rows<IndexRow>(indexesQuery('public'))).some((i) => i.name === 'orders_customer')).toBe(false);
  });

  it('answers Postgres’s error for a method the column type cannot take', async () => {
    const response = await call(createIndexScript({ ...emptyIndexDraft('public'), table: 'Orders', columns: ['note'], method: 'gin' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/operator class/);
  });
});

describe('publications', () => {
  it('creates one, toggles its operations and tables, and switches to all tables', async () => {
    await rows(createPublicationScript({ name: 'changes', allTables: false, operations: ['insert', 'update'] }));
    let pub = (await rows<PublicationRow>(publicationsQuery)).find((p) => p.name === 'changes')!;
    expect(pub).toMatchObject({ all_tables: false, insert: true, update: true, delete: false, truncate: false, tables: [] });
    await rows(setOperationScript(pub, 'delete', true));
    await rows(setTableScript('changes', 'public', 'Orders', true));
    pub = (await rows<PublicationRow>(publicationsQuery)).find((p) => p.name === 'changes')!;
    expect(pub).toMatchObject({ delete: true, tables: [{ schema: 'public', name: 'Orders' }] });
    await rows(setTableScript('changes', 'public', 'Orders', false));
    pub = (await rows<PublicationRow>(publicationsQuery)).find((p) => p.name === 'changes')!;
    expect(pub.tables).toEqual([]);
    // FOR ALL TABLES needs a superuser: the owner role gets Postgres's refusal, verbatim, and nothing changes.
    const all = await call(setAllTablesScript(pub, true));
    if (all.status === 200) {
      expect((await rows<PublicationRow>(publicationsQuery)).find((p) => p.name === 'changes')).toMatchObject({ all_tables: true, insert: true, delete: true });
    } else {
      expect(all.body.message).toMatch(/superuser/);
      expect((await rows<PublicationRow>(publicationsQuery)).find((p) => p.name === 'changes')).toMatchObject({ all_tables: false, delete: true });
    }
  });
});

describe('column privileges', () => {
  it('grants and revokes per column for a role, the grid reading it back', async () => {
    const roles = (await rows<{ name: string }>(privilegeRolesQuery)).map((r) => r.name);
    expect(roles).toContain('anon');
    expect(roles.some((name) => name.startsWith('strata_') || name.startsWith('pg_'))).toBe(false);
    // The project's default privileges grant the API roles every table; taken back here so the grid shows column grants.
    expect((await rows<ColumnPrivilegeRow>(columnPrivilegesQuery('public', 'Orders', 'anon')))[0]?.table_privileges).toContain('UPDATE');
    await rows({ query: 'revoke all on "Orders" from anon' });
    const grant = { schema: 'public', table: 'Orders', role: 'anon', column: 'customer id', privilege: 'SELECT' as const };
    await rows(columnGrantScript(grant, true));
    await rows(columnGrantScript({ ...grant, privilege: 'UPDATE' }, true));
    const grid = await rows<ColumnPrivilegeRow>(columnPrivilegesQuery('public', 'Orders', 'anon'));
    expect(grid.map((c) => c.name)).toEqual(['id', 'customer id', 'note', 'tags']);
    expect(grid.find((c) => c.name === 'customer id')?.column_privileges.sort()).toEqual(['SELECT', 'UPDATE']);
    expect(grid.find((c) => c.name === 'note')?.column_privileges).toEqual([]);
    await rows(columnGrantScript(grant, false));
    const after = await rows<ColumnPrivilegeRow>(columnPrivilegesQuery('public', 'Orders', 'anon'));
    expect(after.find((c) => c.name === 'customer id')?.column_privileges).toEqual(['UPDATE']);
    // The grant is real: anon may update that column and no other.
    const asAnon = (query: string) =>
      h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query, impersonation: { role: 'anon', claims: { role: 'anon', ref } } } });
    expect((await asAnon('update "Orders" set "customer id" = 1 where false')).status).toBe(200);
    const denied = await asAnon('update "Orders" set note = null where false');
    expect(denied.status).toBe(400);
    expect(denied.body.message).toMatch(/permission denied/);
  });
});

describe('roles', () => {
  it('lists roles with attributes and memberships, never the platform’s strata_* roles', async () => {
    const roles = await rows<RoleRow>(rolesQuery);
    expect(roles.some((r) => r.name.startsWith('strata_'))).toBe(false);
    expect(roles.find((r) => r.name === 'service_role')).toMatchObject({ bypass_rls: true, can_login: false, connection_limit: -1 });
    expect(roles.find((r) => r.superuser)).toBeDefined();
    // The local platform's project role cannot create roles (CREATEROLE would reach every tenant's roles).
    expect(await rows(canManageRolesQuery)).toEqual([{ can_manage: false }]);
    const refused = await call({ query: 'create role someone' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/permission denied/);
  });
});
