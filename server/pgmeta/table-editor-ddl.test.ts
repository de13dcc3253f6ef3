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
    const refused = await run(deleteTableSql({ schema: SCHEMA, name: PARENT }, false));
    expect(refused.status).toBe(200); // nothing references it any more: the copy has no foreign keys (LIKE copies none)
    expect(await ok({ query: 'select count(*)::int as n from pg_tables where schemaname = $1', parameters: [SCHEMA] })).toEqual([{ n: 1 }]);
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
});
