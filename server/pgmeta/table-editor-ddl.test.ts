// The table editor's DDL and row statements (src/domain/table-editor/ddl.ts, row-values.ts) run through the real
// query endpoint with hostile names — quotes, semicolons, comment marks, unicode, reserved words — to prove each
// name stays one identifier and each value one value: the catalog ends up with exactly those names, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import {
  addColumnSql,
  createSchemaSql,
  createTableSql,
  deleteColumnSql,
  deleteTableSql,
  duplicateTableSql,
  editTableSql,
  type ColumnDefinition,
  type Script,
} from '../../src/domain/table-editor/ddl.ts';
import { editColumnSql } from '../../src/domain/table-editor/ddl-edit-column.ts';
import { insertStatement, updateStatement } from '../../src/domain/table-editor/row-values.ts';
import { insertRowSql, qualified, type Statement } from '../../src/domain/table-editor/sql.ts';
import type { TableMeta } from '../../src/domain/table-editor/types.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const run = async (statement: Script | Statement) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: statement });
  return response as { status: number; body: any };
};
const ok = async (statement: Script | Statement) => {
  const response = await run(statement);
  expect(response.body, statement.query).not.toHaveProperty('message');
  expect(response.status).toBe(200);
  return response.body as any[];
};

const SCHEMA = `Sales "'; drop schema public cascade; --`;
const TABLE = `Ördersü "x"; select 1; --`;
const PARENT = 'select';
const COLUMN = `it's "qty";--`;
const col = (over: Partial<ColumnDefinition> & { name: string }): ColumnDefinition => ({
  type: { kind: 'builtin', name: 'text' }, isArray: false, default: { kind: 'none' }, isNullable: true, isUnique: false,
  isPrimaryKey: false, isIdentity: false, foreignKey: null, comment: null, ...over,
});

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('ddl@example.com');
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'DDL' } });
  const project = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'ddl', db_pass: 'long enough', db_region: 'local' },
  });
  await h.waitForStatus(project.body.ref, owner.token, 'ACTIVE_HEALTHY');
  ref = project.body.ref;
});
afterAll(async () => h?.close());

describe('table editor DDL on a real database, with hostile names', () => {
  it('creates, edits, duplicates and drops tables and columns whose names are exactly the hostile text', async () => {
    await ok(createSchemaSql(SCHEMA));
    await ok(createTableSql({
      schema: SCHEMA, name: PARENT, comment: null, rlsEnabled: false,
      columns: [col({ name: 'id', type: { kind: 'builtin', name: 'int8' }, isIdentity: true, isPrimaryKey: true })],
    }));
    await ok(createTableSql({
      schema: SCHEMA, name: TABLE, comment: `it's a "comment"; drop table x; --`, rlsEnabled: true,
      columns: [
        col({ name: 'id', type: { kind: 'builtin', name: 'int8' }, isIdentity: true, isPrimaryKey: true }),
        col({ name: COLUMN, default: { kind: 'literal', value: `'); drop table x; --` }, isNullable: false }),
        col({ name: 'tags', isArray: true, default: { kind: 'literal', value: '{a,"b c"}' } }),
        col({ name: 'parent', type: { kind: 'builtin', name: 'int8' }, foreignKey: { schema: SCHEMA, table: PARENT, column: 'id', onDelete: 'cascade', onUpdate: 'no action' } }),
      ],
    }));
    const tables = await ok({ query: `select c.relname, obj_description(c.oid, 'pg_class') as comment, c.relrowsecurity as rls
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'r' order by c.relname = $2`, parameters: [SCHEMA, PARENT] });
    expect(tables).toEqual([
      { relname: TABLE, comment: `it's a "comment"; drop table x; --`, rls: true },
      { relname: PARENT, comment: null, rls: false },
    ]);
    expect(await ok({ query: "select count(*)::int as n from pg_namespace where nspname = 'public'" })).toEqual([{ n: 1 }]);

    // Rows through the row panel's statements: the default arrives verbatim, the FK holds.
    const [parent] = await ok(insertRowSql(SCHEMA, PARENT, {}));
    const meta = {
      schema: SCHEMA, name: TABLE, primary_keys: ['id'], relationships: [],
      columns: [
        { name: 'id', format: 'int8', data_type: 'bigint', enums: [], default_value: null, is_identity: true, identity_generation: 'BY DEFAULT', is_generated: false, is_nullable: false, is_updatable: true },
        { name: COLUMN, format: 'text', data_type: 'text', enums: [], default_value: 'x', is_identity: false, identity_generation: null, is_generated: false, is_nullable: false, is_updatable: true },
        { name: 'parent', format: 'int8', data_type: 'bigint', enums: [], default_value: null, is_identity: false, identity_generation: null, is_generated: false, is_nullable: true, is_updatable: true },
      ],
    } as unknown as TableMeta;
    const [inserted] = await ok(insertStatement(meta, { id: { mode: 'default' }, [COLUMN]: { mode: 'default' }, parent: { mode: 'value', text: String(parent.id) } }));
    expect(inserted).toMatchObject({ [COLUMN]: `'); drop table x; --`, tags: ['a', 'b c'], parent: parent.id });
    const update = updateStatement(meta, inserted, { id: { mode: 'value', text: String(inserted.id) }, [COLUMN]: { mode: 'value', text: `"; --` }, parent: { mode: 'null' } });
    expect((await ok(update!))[0]).toMatchObject({ [COLUMN]: `"; --`, parent: null });

    // Columns: add with a hostile name, change its type with `using`, then drop with cascade.
    const table = { schema: SCHEMA, name: TABLE };
    const added = col({ name: `select "n"`, type: { kind: 'builtin', name: 'text' }, default: { kind: 'literal', value: '7' } });
    await ok(addColumnSql(table, added));
    await ok(editColumnSql(table, added, { ...added, name: 'n;', type: { kind: 'builtin', name: 'int4' } }, { unique: null, foreignKey: null }));
    const columns = await ok({ query: `select attname, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2)
      and attnum > 0 and not attisdropped order by attnum`, parameters: [SCHEMA, TABLE] });
    expect(columns.map((c) => [c.attname, c.type])).toEqual([['id', 'bigint'], [COLUMN, 'text'], ['tags', 'text[]'], ['parent', 'bigint'], ['n;', 'integer']]);
    await ok(deleteColumnSql(table, 'n;', true));

    // Rename + move, duplicate with data, drop with cascade.
    await ok(editTableSql(table, { name: `${TABLE} 2`, schema: 'public', rlsEnabled: false }));
    await ok(duplicateTableSql({ schema: 'public', name: `${TABLE} 2` }, { schema: SCHEMA, name: 'copy"' }, true));
    expect(await ok({ query: `select count(*)::int as n from ${qualified(SCHEMA, 'copy"')}` })).toEqual([{ n: 1 }]);
    await ok(deleteTableSql({ schema: 'public', name: `${TABLE} 2` }, false));
    // The copy keeps the source's foreign key (issue 14.2), so the parent cannot go without cascade.
    const refused = await run(deleteTableSql({ schema: SCHEMA, name: PARENT }, false));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/other objects depend on it/);
    expect(await ok({ query: 'select count(*)::int as n from pg_tables where schemaname = $1', parameters: [SCHEMA] })).toEqual([{ n: 2 }]);
  });

  it("a failing script changes nothing and returns Postgres's message; a bad default names the value", async () => {
    const bad = await run(createTableSql({
      schema: 'public', name: 'never', comment: 'x', rlsEnabled: false,
      columns: [col({ name: 'n', type: { kind: 'builtin', name: 'int4' }, default: { kind: 'literal', value: 'abc' } })],
    }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('invalid input syntax for type integer: "abc"');
    expect(await ok({ query: "select count(*)::int as n from pg_tables where tablename = 'never'" })).toEqual([{ n: 0 }]);
    await ok(createTableSql({ schema: 'public', name: 'parent', comment: null, rlsEnabled: false, columns: [col({ name: 'id', isPrimaryKey: true })] }));
    await ok(createTableSql({
      schema: 'public', name: 'child', comment: null, rlsEnabled: false,
      columns: [col({ name: 'p', foreignKey: { schema: 'public', table: 'parent', column: 'id', onDelete: 'no action', onUpdate: 'no action' } })],
    }));
    const refused = await run(deleteTableSql({ schema: 'public', name: 'parent' }, false));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('cannot drop table parent because other objects depend on it');
    await ok(deleteTableSql({ schema: 'public', name: 'parent' }, true));
    expect(await ok({ query: "select count(*)::int as n from pg_constraint where conname = 'child_p_fkey'" })).toEqual([{ n: 0 }]);
  });

  describe('duplicate table (issue 14.2): the copy is protected and behaves like the source', () => {
    const SRC = `dup "src"; --`;
    const DST = `dup "copy" ✓`;
    const copyName = (withData: boolean) => `${DST}${withData ? ' data' : ''}`;
    /** What a duplicate must keep, read from the catalog with the table's name replaced by a placeholder. */
    const shape = async (name: string) => {
      const [row] = await ok({
        query: `with t as (select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = $1)
          select c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, obj_description(c.oid, 'pg_class') as comment,
            (select json_agg(json_build_object('name', p.polname, 'permissive', p.polpermissive, 'cmd', p.polcmd,
                'roles', (select array_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end order by 1) from unnest(p.polroles) r),
                'using', pg_get_expr(p.polqual, p.polrelid), 'check', pg_get_expr(p.polwithcheck, p.polrelid)) order by p.polname)
              from pg_policy p where p.polrelid = t.oid) as policies,
            (select json_agg(x order by x) from (select a.grantee::regrole::text || ':' || a.privilege_type || ':' || a.is_grantable as x
              from aclexplode(c.relacl) a where a.grantee <> c.relowner) g) as grants,
            (select json_agg(x order by x) from (select att.attname || ':' || a.grantee::regrole::text || ':' || a.privilege_type as x
              from pg_attribute att, aclexplode(att.attacl) a where att.attrelid = t.oid) g) as column_grants,
            (select json_agg(json_build_object('column', a.attname, 'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity,
                'generated', a.attgenerated, 'not_null', a.attnotnull, 'comment', col_description(t.oid, a.attnum)) order by a.attnum)
              from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select json_agg(x order by x) from (select k.contype::text || ':' || replace(pg_get_constraintdef(k.oid), t.relname, '<t>') as x
              from pg_constraint k where k.conrelid = t.oid) g) as constraints,
            (select json_agg(x order by x) from (select regexp_replace(pg_get_indexdef(i.indexrelid), '^.* USING ', '') as x
              from pg_index i where i.indrelid = t.oid) g) as indexes
          from t join pg_class c on c.oid = t.oid`,
        parameters: [name],
      });
      return row;
    };
    const asRole = (role: string, query: string) =>
      h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query, impersonation: { role, claims: { role } } } });

    beforeAll(async () => {
      const src = qualified('public', SRC);
      await ok({
        query: `
          create table public.dup_parent (id int8 primary key);
          insert into public.dup_parent values (1);
          create table ${src} (
            id int8 generated by default as identity primary key,
            owner_id uuid,
            body text default 'hello' check (length(body) < 100),
            size int generated always as (length(body)) stored,
            parent int8 references public.dup_parent (id) on delete cascade,
            unique (owner_id, body));
          create index on ${src} (lower(body));
          comment on table ${src} is 'the source';
          comment on column ${src}.body is 'its body';
          alter table ${src} enable row level security;
          alter table ${src} force row level security;
          create policy "own rows" on ${src} for select to authenticated
            using (owner_id = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid);
          create policy "no anon writes" on ${src} as restrictive for insert to anon, authenticated with check (false);
          revoke all on ${src} from anon, authenticated, service_role;
          grant select, insert on ${src} to authenticated;
          grant update (body) on ${src} to authenticated;
          grant select on ${src} to service_role with grant option;
          alter table ${src} no force row level security;
          insert into ${src} (owner_id, body, parent) select null, 'row ' || i, 1 from generate_series(1, 5) i;
          insert into ${src} (id, body) values (10, 'explicit key');
          alter table ${src} force row level security;`,
      });
    });

    for (const withData of [false, true]) {
      it(`keeps RLS, FORCE RLS, policies, grants, defaults, constraints, indexes, comments and identity (${withData ? 'with' : 'without'} data)`, async () => {
        await ok(duplicateTableSql({ schema: 'public', name: SRC }, { schema: 'public', name: copyName(withData) }, withData));
        const source = await shape(SRC);
        const copy = await shape(copyName(withData));
        expect(copy.rls).toBe(true);
        expect(copy.force_rls).toBe(true);
        expect(copy).toEqual(source);
        // Not readable by anon: the source gives anon nothing, the copy neither.
        const anon = await asRole('anon', `select count(*)::int as n from ${qualified('public', copyName(withData))}`);
        expect(anon.status).toBe(400);
        expect(anon.body.message).toMatch(/permission denied/);
        const user = await asRole('authenticated', `select count(*)::int as n from ${qualified('public', copyName(withData))}`);
        expect(user.body).toEqual([{ n: 0 }]);
      });
    }

    it('with data: the rows are copied (generated columns recomputed) and the identity goes on after them', async () => {
      const copy = qualified('public', copyName(true));
      // Read both as their owner, whom FORCE would filter through the policies.
      await ok({ query: `alter table ${copy} no force row level security; alter table ${qualified('public', SRC)} no force row level security` });
      expect(await ok({ query: `select id::int, body, size from ${copy} order by id` })).toEqual(
        await ok({ query: `select id::int, body, size from ${qualified('public', SRC)} order by id` }),
      );
      const [next] = await ok({ query: `insert into ${copy} (body) values ('after the copy') returning id::int` });
      expect(next.id).toBe(11);
      // Without data the copy's identity stands where the source's does (5: the explicit 10 never moved it).
      const empty = qualified('public', copyName(false));
      const [fresh] = await ok({ query: `alter table ${empty} no force row level security; insert into ${empty} (body) values ('first') returning id::int` });
      expect(fresh.id).toBe(6);
    });
  });
});
