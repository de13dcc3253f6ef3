import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { formatPgError } from './query.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;
let otherRef: string;

const sql = (query: string, parameters?: unknown[], token = owner.token, projectRef = ref) =>
  h.call('POST', `/api/platform/pg-meta/${projectRef}/query`, { token, body: parameters ? { query, parameters } : { query } });

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@example.com');
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Data' } });
  const create = async (name: string) => {
    const p = await h.call('POST', '/api/platform/projects', {
      token: owner.token,
      body: { organization_slug: org.body.slug, name, db_pass: 'long enough', db_region: 'local' },
    });
    await h.waitForStatus(p.body.ref, owner.token, 'ACTIVE_HEALTHY');
    return p.body.ref as string;
  };
  [ref, otherRef] = await Promise.all([create('main'), create('other')]);
});
afterAll(async () => h?.close());

describe('query endpoint', () => {
  it('runs statements and returns the rows of the last one, with JSON-friendly values', async () => {
    const created = await sql(`
      create type mood as enum ('happy', 'sad');
      create table public.people (id bigint generated always as identity primary key, name text not null unique,
        mood mood, born date, seen timestamptz, score numeric(10,2), tags text[], meta jsonb, ok boolean default true);
      comment on table public.people is 'folks';
      insert into people (name, mood, born, seen, score, tags, meta)
        values ('Ada', 'happy', '1815-12-10', '2024-01-02 03:04:05+00', 12.5, '{a,b}', '{"k": [1, 2]}');
      select * from people`);
    expect(created.status).toBe(200);
    expect(created.body).toEqual([
      { id: '1', name: 'Ada', mood: 'happy', born: '1815-12-10', seen: '2024-01-02 03:04:05+00', score: '12.50', tags: ['a', 'b'], meta: { k: [1, 2] }, ok: true },
    ]);
    expect((await sql('create table t2 (x int)')).body).toEqual([]);
    const params = await sql('select $1::int + $2::int as sum, $3::text as s', [2, 3, "it's"]);
    expect(params.body).toEqual([{ sum: 5, s: "it's" }]);
  });

  it('answers SQL errors with 400, Postgres message, position and a psql-style formattedError', async () => {
    const error = await sql('select 1;\nselect * from missing_table');
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ message: 'relation "missing_table" does not exist', code: '42P01', position: 25 });
    expect(error.body.formattedError).toBe(
      'ERROR:  42P01: relation "missing_table" does not exist\nLINE 2: select * from missing_table\n                      ^\n',
    );
    const syntax = await sql('selec 1');
    expect(syntax.status).toBe(400);
    expect(syntax.body.message).toMatch(/syntax error/);
    const division = await sql('select 1/0');
    expect(division.body).toMatchObject({ message: 'division by zero', code: '22012' });
    const nul = await sql('select $1::text', ['a\u0000b']);
    expect(nul.status).toBe(400);
  });

  it('starts every request clean: no open transaction or setting leaks to the next one', async () => {
    await sql('create table leak (x int)');
    expect((await sql('begin; insert into leak values (1)')).status).toBe(200);
    expect((await sql('set search_path = nowhere; select 1 as one')).body).toEqual([{ one: 1 }]);
    for (let i = 0; i < 4; i++) {
      expect((await sql('select count(*)::int as n from public.leak')).body).toEqual([{ n: 0 }]);
      expect((await sql('select current_setting($1) as p', ['search_path'])).body).toEqual([{ p: '"$user", public' }]);
    }
  });

  it('runs as the project owner, never as a superuser, and cannot reach other databases', async () => {
    const who = await sql('select current_user as cu, session_user as su, (select rolsuper from pg_roles where rolname = session_user) as s');
    expect(who.body).toEqual([{ cu: `strata_${ref}`, su: `strata_${ref}_api`, s: false }]);
    expect((await sql('reset role; select current_user as cu')).body).toEqual([{ cu: `strata_${ref}` }]);
    const tables = await sql(`select tableowner from pg_tables where tablename = 'people'`);
    expect(tables.body).toEqual([{ tableowner: `strata_${ref}` }]);
    expect((await sql('create extension dblink')).status).toBe(400);
    expect((await sql("copy (select 1) to program 'true'")).status).toBe(400);
    expect((await sql('alter role current_user superuser')).status).toBe(400);
    // The other project's database and the platform database refuse this role's connections.
    const other = await sql(`select count(*)::int as n from pg_database where datname = 'project_${otherRef}'`);
    expect(other.body).toEqual([{ n: 1 }]);
    expect((await sql(`set role strata_${otherRef}`)).status).toBe(400);
    // The role may act as the shared API roles (spec B4 role impersonation).
    expect((await sql('set local role anon; select current_user as cu')).body).toEqual([{ cu: 'anon' }]);
  });

  it('keeps read-only members to one read-only statement', async () => {
    const reader = await h.user();
    await h.call('GET', '/api/platform/profile', { token: reader.token });
    await h.services.pool.query(
      `insert into members select o.id, $2, 'read_only' from organizations o join projects p on p.organization_id = o.id where p.ref = $1`,
      [ref, reader.id],
    );
    expect((await sql('select name from people', undefined, reader.token)).body).toEqual([{ name: 'Ada' }]);
    const write = await sql("insert into people (name) values ('Eve')", undefined, reader.token);
    expect(write.status).toBe(400);
    expect(write.body.message).toMatch(/read-only transaction/);
    expect((await sql("commit; insert into people (name) values ('Eve')", undefined, reader.token)).status).toBe(400);
    expect((await sql('commit', undefined, reader.token)).status).toBe(200);
    expect((await sql('select count(*)::int as n from people')).body).toEqual([{ n: 1 }]);
  });

  it('refuses a project that is not running, and strangers', async () => {
    const stranger = await h.user();
    expect((await sql('select 1', undefined, stranger.token)).status).toBe(404);
    await h.services.pool.query(`update projects set status = 'INACTIVE' where ref = $1`, [otherRef]);
    const paused = await sql('select 1', undefined, owner.token, otherRef);
    expect(paused.status).toBe(503);
    await h.services.pool.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [otherRef]);
    expect((await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query: '  ' } })).body).toEqual({
      message: 'query must not be empty',
    });
  });
});

describe('introspection', () => {
  const get = async (path: string) => {
    const response = await h.call('GET', `/api/platform/pg-meta/${ref}/${path}`, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('lists tables with keys, relationships and columns', async () => {
    await sql('create table pets (id int primary key, owner_id bigint references people (id), name text check (length(name) < 50))');
    const tables = await get('tables?included_schemas=public&include_columns=true');
    const people = tables.find((t: { name: string }) => t.name === 'people');
    expect(people).toMatchObject({ schema: 'public', comment: 'folks', rls_enabled: false, primary_keys: [{ name: 'id', table_name: 'people' }] });
    expect(people.relationships).toEqual([
      expect.objectContaining({ source_table_name: 'pets', source_column_name: 'owner_id', target_table_name: 'people', target_column_name: 'id' }),
    ]);
    expect(people.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'name', 'mood', 'born', 'seen', 'score', 'tags', 'meta', 'ok']);

    const columns = await get(`columns?table_id=${people.id}`);
    const byName = Object.fromEntries(columns.map((c: { name: string }) => [c.name, c]));
    expect(byName.id).toMatchObject({ is_identity: true, identity_generation: 'ALWAYS', is_nullable: false, format: 'int8', data_type: 'bigint' });
    expect(byName.name).toMatchObject({ is_unique: true, is_nullable: false, data_type: 'text' });
    expect(byName.mood).toMatchObject({ data_type: 'USER-DEFINED', format: 'mood', enums: ['happy', 'sad'] });
    expect(byName.tags).toMatchObject({ data_type: 'ARRAY', format: '_text' });
    expect(byName.ok.default_value).toBe('true');
    const pets = await get('columns?included_schemas=public');
    expect(pets.find((c: { table: string; name: string }) => c.table === 'pets' && c.name === 'name').check).toMatch(/length\(name\) < 50/);
  });

  it('lists schemas, functions, types and extensions', async () => {
    await sql(`create schema app; create function app.add(a int, b int default 1) returns int language sql immutable as 'select a + b'`);
    const schemas = await get('schemas');
    expect(schemas.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['public', 'app']));
    expect(schemas.map((s: { name: string }) => s.name)).not.toContain('pg_catalog');
    expect((await get('schemas?excluded_schemas=app')).map((s: { name: string }) => s.name)).not.toContain('app');

    const functions = await get('functions?included_schemas=app');
    expect(functions).toEqual([
      expect.objectContaining({
        schema: 'app',
        name: 'add',
        language: 'sql',
        behavior: 'IMMUTABLE',
        argument_types: 'a integer, b integer DEFAULT 1',
        return_type: 'integer',
        args: [
          { mode: 'in', name: 'a', type_id: 23, has_default: false },
          { mode: 'in', name: 'b', type_id: 23, has_default: true },
        ],
      }),
    ]);
    const types = await get('types?included_schemas=public');
    expect(types).toEqual([expect.objectContaining({ name: 'mood', schema: 'public', enums: ['happy', 'sad'] })]);
    const extensions = await get('extensions');
    expect(extensions.find((e: { name: string }) => e.name === 'plpgsql')).toMatchObject({ schema: 'pg_catalog', installed_version: '1.0' });
    expect(extensions.find((e: { name: string }) => e.name === 'pgcrypto')).toMatchObject({ installed_version: null });
  });

  it('validates its query parameters', async () => {
    const bad = await h.call('GET', `/api/platform/pg-meta/${ref}/columns?table_id=abc`, { token: owner.token });
    expect(bad).toEqual({ status: 400, body: { message: 'table_id must be a number' } });
  });
});

describe('formatPgError', () => {
  it('puts the caret under the character Postgres points at, counting characters not UTF-16 units', () => {
    const text = formatPgError({ message: 'boom', code: 'XX000', severity: 'ERROR', position: '5', hint: 'try again' }, '😀😀😀 x');
    expect(text).toBe('ERROR:  XX000: boom\nLINE 1: 😀😀😀 x\n            ^\nHINT:  try again\n');
  });
});
