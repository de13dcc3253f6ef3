// Database → Roles on the shared cluster (issue 19, server/pgmeta/roles.ts), attacked: the platform creates and
// changes a project's own roles only, never with attributes that reach other tenants, never grants to or from the
// shared API roles, and a role it made can log in to its project's database and no other.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProjectRoleScript,
  dropProjectRoleScript,
  editProjectRoleScript,
  draftFromRole,
  emptyRoleDraft,
  membershipScript,
  rolesQuery,
  type RoleRow,
  type RoleDraft,
} from '../../src/domain/database/roles.ts';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { ownerRole, projectDatabase } from '../projects/names.ts';

let h: PlatformHarness;
let owner: TestUser;
let other: TestUser;
let ref: string;
let otherRef: string;

const base = (ref: string) => `/api/platform/pg-meta/${ref}/roles`;
const draftOf = (patch: Partial<RoleDraft>): RoleDraft => ({ ...emptyRoleDraft(), ...patch });

function create(draft: RoleDraft, as = owner, project = ref) {
  return h.call('POST', base(project), { token: as.token, body: { draft, shown: safeQuery(() => createProjectRoleScript(draft, projectDatabase(project))) } });
}
function edit(name: string, before: RoleDraft, draft: RoleDraft, as = owner, project = ref) {
  return h.call('PATCH', `${base(project)}/${encodeURIComponent(name)}`, { token: as.token, body: { draft, shown: safeQuery(() => editProjectRoleScript(before, draft)) } });
}
function member(name: string, group: string, grant: boolean, as = owner, project = ref) {
  return h.call('POST', `${base(project)}/${encodeURIComponent(name)}/membership`, { token: as.token, body: { group, grant, shown: membershipScript(name, group, grant).query } });
}
function drop(name: string, as = owner, project = ref) {
  return h.call('DELETE', `${base(project)}/${encodeURIComponent(name)}`, { token: as.token, body: { shown: dropProjectRoleScript(name, projectDatabase(project)).query } });
}
function safeQuery(build: () => { query: string }): string {
  try {
    return build().query;
  } catch {
    return '';
  }
}
const loginDraft = (name: string) => draftOf({ name, canLogin: true, password: 'pw for tests 1' });
const before = (name: string, patch: Partial<RoleDraft> = {}) => ({ ...loginDraft(name), password: '', validUntil: '', ...patch });

/** The role as the page reads it (the query endpoint), as its edit dialog starts from it. */
async function pageBefore(name: string): Promise<RoleDraft> {
  const listed = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: rolesQuery });
  return draftFromRole((listed.body as RoleRow[]).find((r) => r.name === name)!);
}

async function attributes(name: string) {
  const { rows } = await h.services.pool.query('select rolcanlogin, rolconnlimit, rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = $1', [name]);
  return rows[0];
}
async function memberOf(name: string): Promise<string[]> {
  const { rows } = await h.services.pool.query<{ g: string }>(
    'select g.rolname as g from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles r on r.oid = m.member where r.rolname = $1',
    [name],
  );
  return rows.map((row) => row.g);
}
async function connectAs(user: string, password: string, database: string): Promise<string> {
  const client = new pg.Client({ host: h.services.server.host, port: h.services.server.port, user, password, database });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    return rows[0]!.db;
  } finally {
    await client.end().catch(() => {});
  }
}

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user();
  other = await h.user();
  [ref, otherRef] = await Promise.all([h.activeProject(owner), h.activeProject(other)]);
});
afterAll(async () => h?.close());

describe('creating a project role', () => {
  it('creates a login role that reaches its project database only, and lists it as the project\'s', async () => {
    const created = await create(loginDraft('reporting'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await attributes('reporting')).toMatchObject({ rolcanlogin: true, rolsuper: false, rolcreatedb: false, rolcreaterole: false });
    expect(await connectAs('reporting', 'pw for tests 1', projectDatabase(ref))).toBe(projectDatabase(ref));
    await expect(connectAs('reporting', 'pw for tests 1', projectDatabase(otherRef))).rejects.toThrow(/permission denied for database/);
    const platformDb = (await h.services.pool.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    await expect(connectAs('reporting', 'pw for tests 1', platformDb)).rejects.toThrow(/permission denied for database/);
    const listed = await h.call('GET', base(ref), { token: owner.token });
    expect(listed.body).toEqual({ database: projectDatabase(ref), owner: ownerRole(ref), roles: ['reporting'] });
    expect((await h.call('GET', base(otherRef), { token: other.token })).body).toMatchObject({ roles: [] });
  });

  it('takes a name with quotes and spaces', async () => {
    const name = `it's a "role"`;
    expect((await create(draftOf({ name }))).status).toBe(201);
    expect(await attributes(name)).toMatchObject({ rolcanlogin: false });
    const start = await pageBefore(name);
    const renamed = await edit(name, start, { ...start, name: `${name} 2`, connectionLimit: '3' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await attributes(`${name} 2`)).toMatchObject({ rolconnlimit: 3 });
    expect((await drop(`${name} 2`)).status).toBe(200);
    expect(await attributes(`${name} 2`)).toBeUndefined();
  });

  it('refuses an existing or reserved name with 409/400 and a clear message, never 500', async () => {
    expect((await create(draftOf({ name: 'taken_elsewhere' }), other, otherRef)).status).toBe(201);
    for (const name of ['reporting', 'taken_elsewhere']) {
      const response = await create(draftOf({ name }));
      expect(response.status, name).toBe(409);
      expect(response.body.message).toMatch(/already exists/);
    }
    for (const name of ['anon', 'authenticated', 'service_role', 'authenticator', 'pg_monitorx', 'strata_mine', 'postgres', ownerRole(otherRef)]) {
      const response = await create(draftOf({ name }));
      expect(response.status, name).toBe(400);
      expect(response.body.message).toMatch(/reserved/);
    }
  });

  it('refuses SUPERUSER-like attributes: CREATEROLE, CREATEDB, REPLICATION, BYPASSRLS', async () => {
    for (const key of ['createRole', 'createDb', 'replication', 'bypassRls'] as const) {
      const response = await create(draftOf({ name: `attr_${key}`, [key]: true }));
      expect(response.status, key).toBe(400);
      expect(response.body.message).toMatch(/cannot/);
      expect(await attributes(`attr_${key}`)).toBeUndefined();
    }
    // SUPERUSER is not an option of the form at all; SQL smuggled in the name is only ever a quoted identifier.
    const sneaky = `x" superuser --`;
    expect((await create(draftOf({ name: sneaky }))).status).toBe(201);
    expect(await attributes(sneaky)).toMatchObject({ rolsuper: false });
    const later = await edit('reporting', before('reporting'), { ...before('reporting'), createRole: true });
    expect(later.status).toBe(400);
    expect(await attributes('reporting')).toMatchObject({ rolcreaterole: false });
  });

  it('builds an edit from the role as the page reads it (query endpoint) to the same SQL the platform builds', async () => {
    expect((await create(draftOf({ name: 'expiring', validUntil: '2031-01-31', connectionLimit: '4' }))).status).toBe(201);
    const before = await pageBefore('expiring');
    expect(before.validUntil).toMatch(/^2031-01-31/);
    const edited = await edit('expiring', before, { ...before, connectionLimit: '9', inherit: false });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await attributes('expiring')).toMatchObject({ rolconnlimit: 9 });
  });

  it('refuses SQL other than what was shown', async () => {
    const draft = loginDraft('shown_check');
    const response = await h.call('POST', base(ref), { token: owner.token, body: { draft, shown: 'create role shown_check superuser;' } });
    expect(response.status).toBe(409);
    expect(await attributes('shown_check')).toBeUndefined();
  });
});

describe('other projects\' and shared roles', () => {
  it('cannot alter, rename, drop or grant another project\'s role or the platform\'s roles', async () => {
    expect((await create(loginDraft('theirs'), other, otherRef)).status).toBe(201);
    expect((await edit('theirs', before('theirs'), { ...before('theirs'), connectionLimit: '1' })).status).toBe(403);
    expect((await edit('theirs', before('theirs'), { ...before('theirs'), name: 'mine_now' })).status).toBe(403);
    expect((await drop('theirs')).status).toBe(403);
    expect((await member('reporting', 'theirs', true)).status).toBe(403);
    expect((await member('theirs', 'reporting', true)).status).toBe(403);
    for (const name of [ownerRole(otherRef), ownerRole(ref), 'anon', 'postgres']) {
      expect((await drop(name)).status, name).toBe(403);
    }
    expect(await attributes('theirs')).toMatchObject({ rolconnlimit: -1 });
    // The other project's members cannot reach this project's roles through their own project either.
    expect((await drop('reporting', other, otherRef)).status).toBe(403);
    expect(await memberOf('theirs')).toEqual([]);
  });

  it('never grants to or from the shared API roles; grants among the project\'s roles and its owner role', async () => {
    for (const group of ['anon', 'authenticated', 'service_role']) {
      expect((await member('reporting', group, true)).status, group).toBe(403);
    }
    expect((await member('anon', 'reporting', true)).status).toBe(403);
    expect(await memberOf('anon')).toEqual([]);
    expect((await create(draftOf({ name: 'readers' }))).status).toBe(201);
    expect((await member('reporting', 'readers', true)).status).toBe(200);
    expect((await member('reporting', ownerRole(ref), true)).status).toBe(200);
    expect((await member('reporting', ownerRole(otherRef), true)).status).toBe(403);
    expect((await memberOf('reporting')).sort()).toEqual(['readers', ownerRole(ref)].sort());
    expect((await member('reporting', 'readers', false)).status).toBe(200);
    expect(await memberOf('reporting')).toEqual([ownerRole(ref)]);
  });
});

describe('who may', () => {
  it('answers 404 to a stranger and 403 to a read-only member', async () => {
    const stranger = await h.user();
    expect((await create(loginDraft('stranger_role'), stranger)).status).toBe(404);
    expect((await drop('reporting', stranger)).status).toBe(404);
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(
      `insert into members select o.id, $2, 'read_only' from organizations o join projects p on p.organization_id = o.id where p.ref = $1`,
      [ref, reader.id],
    );
    expect((await create(loginDraft('reader_role'), reader)).status).toBe(403);
    expect((await drop('reporting', reader)).status).toBe(403);
    expect((await h.call('GET', base(ref), { token: reader.token })).status).toBe(200);
  });
});

describe('dropping', () => {
  it('answers Postgres\'s message when the role still holds privileges, and drops it once they are gone', async () => {
    const run = (query: string) => h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query } });
    expect((await create(draftOf({ name: 'holder' }))).status).toBe(201);
    expect((await run('create table held (id int); grant select on held to holder')).status).toBe(200);
    const refused = await drop('holder');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cannot be dropped because some objects depend on it/);
    expect(await attributes('holder')).toBeDefined();
    expect((await run('revoke select on held from holder')).status).toBe(200);
    const dropped = await drop('holder');
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(await attributes('holder')).toBeUndefined();
    expect((await h.call('GET', base(ref), { token: owner.token })).body.roles).not.toContain('holder');
  });

  it('drops the project\'s roles with the project', async () => {
    const user = await h.user();
    const gone = await h.activeProject(user);
    expect((await create(loginDraft('goes_with_project'), user, gone)).status).toBe(201);
    await h.services.provisioner.remove(gone);
    expect(await attributes('goes_with_project')).toBeUndefined();
  });
});
