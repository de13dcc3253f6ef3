// The SQL builders of the Database admin pages (issue 19): identifiers and literals quoted, options only where
// asked, bad drafts refused with a readable reason. server/pgmeta/database-admin.test.ts runs them on Postgres.
import { describe, expect, it } from 'vitest';
import { columnGrantScript, cellState } from './column-privileges.ts';
import { disableExtensionScript, enableExtensionProblem, enableExtensionScript, filterExtensions, type ExtensionRow } from './extensions.ts';
import { createIndexScript, dropIndexScript, emptyIndexDraft, indexDraftProblem, indexDropBlocked, type IndexRow } from './indexes.ts';
import { createPublicationScript, setAllTablesScript, setOperationScript, setTableScript, type PublicationRow } from './publications.ts';
import { createRoleScript, draftFromRole, editRoleScript, emptyRoleDraft, isReservedRole, membershipScript, roleDraftProblem, dropRoleScript, type RoleRow } from './roles.ts';

const HOSTILE = 'we"ird; drop table x; --';

describe('extensions', () => {
  it('creates the schema if needed and enables into it, version quoted as a literal', () => {
    expect(enableExtensionScript({ name: 'pg_trgm', schema: 'extensions', version: '' }).query).toBe(
      'begin;\ncreate schema if not exists extensions;\ncreate extension if not exists pg_trgm with schema extensions cascade;\ncommit;',
    );
    const hostile = enableExtensionScript({ name: HOSTILE, schema: HOSTILE, version: "1.0'; drop" }).query;
    expect(hostile).toContain(`with schema "we""ird; drop table x; --" version '1.0''; drop' cascade`);
  });
  it('refuses an empty schema', () => {
    expect(enableExtensionProblem({ name: 'x', schema: ' ', version: '' })).toMatch(/schema/);
    expect(() => enableExtensionScript({ name: 'x', schema: '', version: '' })).toThrow(/schema/);
  });
  it('drops with CASCADE only when asked', () => {
    expect(disableExtensionScript('hstore', false).query).toBe('drop extension if exists hstore;');
    expect(disableExtensionScript('hstore', true).query).toBe('drop extension if exists hstore cascade;');
  });
  it('filters by state and text', () => {
    const rows: ExtensionRow[] = [
      { name: 'hstore', comment: 'key/value pairs', default_version: '1.8', installed_version: '1.8', schema: 'extensions' },
      { name: 'pg_trgm', comment: 'trigram similarity', default_version: '1.6', installed_version: null, schema: null },
    ];
    expect(filterExtensions(rows, '', 'enabled').map((r) => r.name)).toEqual(['hstore']);
    expect(filterExtensions(rows, '', 'disabled').map((r) => r.name)).toEqual(['pg_trgm']);
    expect(filterExtensions(rows, 'TRIGRAM', 'all').map((r) => r.name)).toEqual(['pg_trgm']);
  });
});

describe('indexes', () => {
  const draft = { ...emptyIndexDraft('public'), table: 'orders', columns: ['customer id', 'total'] };
  it('creates with method, columns and unique, the name optional', () => {
    expect(createIndexScript(draft).query).toBe('create index on public.orders using btree ("customer id", total);');
    expect(createIndexScript({ ...draft, unique: true, name: 'orders_uq' }).query).toBe('create unique index orders_uq on public.orders using btree ("customer id", total);');
    expect(createIndexScript({ ...draft, method: 'gin', columns: ['tags'] }).query).toBe('create index on public.orders using gin (tags);');
  });
  it('refuses what Postgres would', () => {
    expect(indexDraftProblem({ ...draft, table: '' })).toMatch(/table/);
    expect(indexDraftProblem({ ...draft, columns: [] })).toMatch(/column/);
    expect(indexDraftProblem({ ...draft, unique: true, method: 'hash' })).toMatch(/Only btree/);
    expect(indexDraftProblem({ ...draft, method: 'hash' })).toMatch(/one column/);
  });
  it('drops by qualified name, never one that backs a constraint', () => {
    expect(dropIndexScript(HOSTILE, 'i').query).toBe('drop index "we""ird; drop table x; --".i;');
    const index = { constraint: 'orders_pkey' } as IndexRow;
    expect(indexDropBlocked(index)).toMatch(/orders_pkey/);
    expect(indexDropBlocked({ ...index, constraint: null })).toBeNull();
  });
});

describe('publications', () => {
  const pub: PublicationRow = { name: 'supabase_realtime', owner: 'o', all_tables: false, insert: true, update: true, delete: false, truncate: false, tables: [] };
  it('sets the publish list with one operation toggled', () => {
    expect(setOperationScript(pub, 'delete', true).query).toBe("alter publication supabase_realtime set (publish = 'insert, update, delete');");
    expect(setOperationScript(pub, 'insert', false).query).toBe("alter publication supabase_realtime set (publish = 'update');");
    expect(setOperationScript({ ...pub, insert: false, update: false }, 'update', false).query).toBe("alter publication supabase_realtime set (publish = '');");
  });
  it('adds and drops tables', () => {
    expect(setTableScript('p', 'public', 'Orders', true).query).toBe('alter publication p add table public."Orders";');
    expect(setTableScript('p', 'public', 'orders', false).query).toBe('alter publication p drop table public.orders;');
  });
  it('switches all tables by re-creating it with the same operations', () => {
    expect(setAllTablesScript(pub, true).query).toBe(
      "begin;\ndrop publication supabase_realtime;\ncreate publication supabase_realtime for all tables with (publish = 'insert, update');\ncommit;",
    );
    expect(createPublicationScript({ name: HOSTILE, allTables: false, operations: ['truncate', 'insert'] }).query).toBe(
      `create publication "we""ird; drop table x; --" with (publish = 'insert, truncate');`,
    );
    expect(() => createPublicationScript({ name: ' ', allTables: false, operations: [] })).toThrow(/name/);
  });
});

describe('roles', () => {
  const role: RoleRow = {
    name: 'reporter', superuser: false, can_login: true, create_db: false, create_role: false, replication: false,
    bypass_rls: false, inherit: true, connection_limit: -1, valid_until: null, member_of: [],
  };
  it('creates with every attribute, the password as a literal', () => {
    expect(createRoleScript({ ...emptyRoleDraft(), name: 'reporter', canLogin: true, password: "pa'ss", connectionLimit: '5' }).query).toBe(
      "create role reporter with login nocreatedb nocreaterole noreplication nobypassrls inherit connection limit 5 valid until 'infinity' password 'pa''ss';",
    );
  });
  it('edits only what changed, renaming first', () => {
    const before = draftFromRole(role);
    expect(editRoleScript(before, { ...before, createDb: true }).query).toBe('alter role reporter with createdb;');
    expect(editRoleScript(before, { ...before, name: 'Reporter', validUntil: '2027-01-31' }).query).toBe(
      `begin;\nalter role reporter rename to "Reporter";\nalter role "Reporter" with valid until '2027-01-31';\ncommit;`,
    );
    expect(() => editRoleScript(before, before)).toThrow(/Nothing to change/);
  });
  it('refuses reserved names, bad limits and dates', () => {
    expect(roleDraftProblem({ ...emptyRoleDraft(), name: 'pg_x' })).toMatch(/reserved/);
    expect(roleDraftProblem({ ...emptyRoleDraft(), name: 'strata_abc' })).toMatch(/reserved/);
    expect(roleDraftProblem({ ...emptyRoleDraft(), name: 'a', connectionLimit: '1.5' })).toMatch(/whole number/);
    expect(roleDraftProblem({ ...emptyRoleDraft(), name: 'a', validUntil: 'soon' })).toMatch(/date/);
    expect(roleDraftProblem({ ...emptyRoleDraft(), name: 'a', connectionLimit: '-1', validUntil: '2027-01-31' })).toBeNull();
  });
  it('grants, revokes and drops; reserved roles are read-only', () => {
    expect(membershipScript('reporter', 'authenticated', true).query).toBe('grant authenticated to reporter;');
    expect(membershipScript('reporter', 'Readers', false).query).toBe('revoke "Readers" from reporter;');
    expect(dropRoleScript(HOSTILE).query).toBe('drop role "we""ird; drop table x; --";');
    expect(isReservedRole({ name: 'anon', superuser: false })).toBe(true);
    expect(isReservedRole({ name: 'postgres', superuser: true })).toBe(true);
    expect(isReservedRole({ name: 'pg_read_all_data', superuser: false })).toBe(true);
    expect(isReservedRole(role)).toBe(false);
  });
});

describe('column privileges', () => {
  it('grants and revokes one privilege on one column', () => {
    const grant = { schema: 'public', table: 'orders', role: 'reporter', column: 'Total', privilege: 'SELECT' as const };
    expect(columnGrantScript(grant, true).query).toBe('grant select ("Total") on table public.orders to reporter;');
    expect(columnGrantScript({ ...grant, privilege: 'REFERENCES' }, false).query).toBe('revoke references ("Total") on table public.orders from reporter;');
  });
  it('reads a cell as granted on the table, on the column, or not', () => {
    const row = { name: 'a', type: 'int', column_privileges: ['UPDATE'], table_privileges: ['SELECT'] };
    expect(cellState(row, 'SELECT')).toBe('table');
    expect(cellState(row, 'UPDATE')).toBe('column');
    expect(cellState(row, 'INSERT')).toBe('none');
  });
});
