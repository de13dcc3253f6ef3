// Database → Tables, Functions, Triggers, Enumerated Types, Schema Visualizer (issue 19) on a real project database:
// the pages' catalog reads (src/actors/database.ts through the query endpoint) and the scripts their forms build
// (src/domain/database/) run as reviewed and do what they say, hostile names included.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { setAccessTokenGetter } from '../../src/api/client.ts';
import { readRows } from '../../src/actors/database.ts';
import { addEnumValueSql, createEnumSql, deleteEnumSql, enumsQuery, renameEnumValueSql, type EnumType } from '../../src/domain/database/enums.ts';
import { createFunctionSql, deleteFunctionSql, draftFromFunction, editFunctionSql, emptyFunctionDraft, functionsQuery, type DatabaseFunction } from '../../src/domain/database/functions.ts';
import { schemaDdl, schemaGraphQuery, type SchemaGraph } from '../../src/domain/database/schema-graph.ts';
import { tableColumnsQuery, tablesQuery, type DatabaseColumn, type DatabaseTable } from '../../src/domain/database/tables.ts';
import { createTriggerSql, deleteTriggerSql, emptyTriggerDraft, setTriggerEnabledSql, triggerFunctionsQuery, triggersQuery, type DatabaseTrigger } from '../../src/domain/database/triggers.ts';

let h: PlatformHarness;
let owner: TestUser;
let ref: string;

const S = 'sch"ema; --';

const run = async (text: string) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query: text } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Array<Record<string, unknown>>;
};
const fails = async (text: string) => {
  const response = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token: owner.token, body: { query: text } });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  return response.body as { message?: string };
};

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('dbobjects@example.com');
  ref = await h.activeProject(owner);
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => Promise.resolve(h.app.request(input instanceof URL ? input.href : input, init)));
  setAccessTokenGetter(async () => owner.token);
  await run(`create schema "sch""ema; --";
    create table "sch""ema; --".authors (id bigint generated always as identity primary key, name text not null default 'anon');
    create table "sch""ema; --"."bo""oks" (id int primary key, author_id bigint references "sch""ema; --".authors (id), title text);
    insert into "sch""ema; --".authors (name) values ('a'), ('b');
    alter table "sch""ema; --".authors enable row level security;`);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await h?.close();
});

describe('tables', () => {
  it('lists the tables of a schema with columns count and RLS, and a table’s columns with keys and defaults', async () => {
    const tables = await readRows<DatabaseTable>(ref, tablesQuery(S));
    expect(tables.map((t) => [t.name, t.columns, t.rls_enabled])).toEqual([
      ['authors', 2, true],
      ['bo"oks', 3, false],
    ]);
    expect(tables[0]!.bytes).toBeGreaterThan(0);
    const columns = await readRows<DatabaseColumn>(ref, tableColumnsQuery(S, 'authors'));
    expect(columns.map((c) => [c.name, c.type, c.nullable, c.primary_key])).toEqual([
      ['id', 'bigint', false, true],
      ['name', 'text', false, false],
    ]);
    expect(columns[1]!.default).toBe("'anon'::text");
  });
});

describe('functions', () => {
  it('creates, lists, edits (same identity and renamed) and drops a function', async () => {
    const draft = { ...emptyFunctionDraft(S), name: "add'em", language: 'sql' as const, arguments: [{ name: 'a', type: 'integer' }, { name: 'b', type: 'int' }], returnType: 'integer', body: 'select a + b', securityDefiner: true, searchPath: "''" };
    await run(createFunctionSql(draft).query);
    expect(await run(`select "sch""ema; --"."add'em"(2, 3) as v`)).toEqual([{ v: 5 }]);
    const [fn] = await readRows<DatabaseFunction>(ref, functionsQuery(S));
    expect(fn).toMatchObject({ name: "add'em", arguments: 'a integer, b integer', return_type: 'integer', language: 'sql', security_definer: true, search_path: '""' });
    expect(fn!.argument_list).toEqual([{ name: 'a', type: 'integer' }, { name: 'b', type: 'integer' }]);
    // Same identity: create or replace.
    const edited = { ...draftFromFunction(fn!), body: 'select a * b' };
    expect(editFunctionSql(fn!, edited).query).toContain('create or replace');
    await run(editFunctionSql(fn!, edited).query);
    expect(await run(`select "sch""ema; --"."add'em"(2, 3) as v`)).toEqual([{ v: 6 }]);
    // Renamed: dropped and created in one transaction.
    const [again] = await readRows<DatabaseFunction>(ref, functionsQuery(S));
    await run(editFunctionSql(again!, { ...draftFromFunction(again!), name: 'mul' }).query);
    const names = (await readRows<DatabaseFunction>(ref, functionsQuery(S))).map((f) => f.name);
    expect(names).toEqual(['mul']);
    const [mul] = await readRows<DatabaseFunction>(ref, functionsQuery(S));
    await run(deleteFunctionSql(mul!).query);
    expect(await readRows<DatabaseFunction>(ref, functionsQuery(S))).toEqual([]);
  });

  it('a body holding the dollar-quote tag still runs as one function', async () => {
    const draft = { ...emptyFunctionDraft(S), name: 'tricky', language: 'sql' as const, returnType: 'text', body: "select '$function$ drop table x; $function$'::text" };
    await run(createFunctionSql(draft).query);
    expect(await run(`select "sch""ema; --".tricky() as v`)).toEqual([{ v: '$function$ drop table x; $function$' }]);
    await run(`drop function "sch""ema; --".tricky()`);
  });

  it('a wrong body is answered with Postgres’s error, not a 500', async () => {
    const body = await fails(createFunctionSql({ ...emptyFunctionDraft(S), name: 'broken', language: 'sql', returnType: 'integer', body: 'select nope' }).query);
    expect(body.message).toMatch(/nope/);
  });
});

describe('triggers', () => {
  it('creates a trigger that fires, lists it, disables, enables and drops it', async () => {
    await run(
      createFunctionSql({ ...emptyFunctionDraft(S), name: 'shout', returnType: 'trigger', body: "begin\n  new.title := upper(new.title);\n  return new;\nend;" }).query,
    );
    const functions = await readRows<{ schema: string; name: string }>(ref, triggerFunctionsQuery);
    expect(functions).toContainEqual({ schema: S, name: 'shout' });
    const draft = { ...emptyTriggerDraft(S), name: 'shout "it"', table: 'bo"oks', events: ['INSERT' as const, 'UPDATE' as const], functionSchema: S, functionName: 'shout' };
    await run(createTriggerSql(draft).query);
    await run(`insert into "sch""ema; --"."bo""oks" values (1, null, 'quiet')`);
    expect(await run(`select title from "sch""ema; --"."bo""oks"`)).toEqual([{ title: 'QUIET' }]);
    const [trigger] = await readRows<DatabaseTrigger>(ref, triggersQuery(S));
    expect(trigger).toMatchObject({ name: 'shout "it"', table: 'bo"oks', function_name: 'shout', enabled: true, timing: 'BEFORE', level: 'ROW', events: ['INSERT', 'UPDATE'] });
    await run(setTriggerEnabledSql(trigger!, false).query);
    await run(`insert into "sch""ema; --"."bo""oks" values (2, null, 'quiet')`);
    expect(await run(`select title from "sch""ema; --"."bo""oks" where id = 2`)).toEqual([{ title: 'quiet' }]);
    expect((await readRows<DatabaseTrigger>(ref, triggersQuery(S)))[0]!.enabled).toBe(false);
    await run(setTriggerEnabledSql(trigger!, true).query);
    expect((await readRows<DatabaseTrigger>(ref, triggersQuery(S)))[0]!.enabled).toBe(true);
    await run(deleteTriggerSql(trigger!).query);
    expect(await readRows<DatabaseTrigger>(ref, triggersQuery(S))).toEqual([]);
  });
});

describe('enumerated types', () => {
  it('creates a type, adds and renames a value, uses it in a table, and refuses to drop it while used', async () => {
    await run(createEnumSql(S, 'mo"od', ['happy', "it's ok"]).query);
    let [type] = await readRows<EnumType>(ref, enumsQuery(S));
    expect(type).toMatchObject({ name: 'mo"od', values: ['happy', "it's ok"] });
    await run(addEnumValueSql(type!, 'sad').query);
    [type] = await readRows<EnumType>(ref, enumsQuery(S));
    await run(renameEnumValueSql(type!, 'happy', 'glad').query);
    [type] = await readRows<EnumType>(ref, enumsQuery(S));
    expect(type!.values).toEqual(['glad', "it's ok", 'sad']);
    await run(`create table "sch""ema; --".moods (m "sch""ema; --"."mo""od"); insert into "sch""ema; --".moods values ('sad')`);
    const body = await fails(deleteEnumSql(type!).query);
    expect(body.message).toMatch(/depend/);
    await run(`drop table "sch""ema; --".moods`);
    await run(deleteEnumSql(type!).query);
    expect(await readRows<EnumType>(ref, enumsQuery(S))).toEqual([]);
  });
});

describe('schema visualizer', () => {
  it('reads tables, keys and foreign keys, and its DDL export recreates the schema elsewhere', async () => {
    const [row] = await readRows<Omit<SchemaGraph, 'schema'>>(ref, schemaGraphQuery(S));
    const graph: SchemaGraph = { schema: S, ...row! };
    expect(graph.tables.map((t) => t.name)).toEqual(['authors', 'bo"oks']);
    expect(graph.foreign_keys).toEqual([
      expect.objectContaining({ source: 'bo"oks', source_columns: ['author_id'], target_schema: S, target: 'authors', target_columns: ['id'] }),
    ]);
    const copy: SchemaGraph = { ...graph, schema: 'copy"of' };
    copy.foreign_keys = graph.foreign_keys.map((fk) => ({ ...fk, target_schema: 'copy"of' }));
    // Identity columns come back as plain bigint not null: the copy stays valid DDL.
    await run(schemaDdl(copy));
    const [copied] = await readRows<Omit<SchemaGraph, 'schema'>>(ref, schemaGraphQuery('copy"of'));
    expect(copied!.tables.map((t) => [t.name, t.columns.map((c) => [c.name, c.type, c.primary_key])])).toEqual(
      graph.tables.map((t) => [t.name, t.columns.map((c) => [c.name, c.type, c.primary_key])]),
    );
    expect(copied!.foreign_keys.map((fk) => [fk.source, fk.target])).toEqual([['bo"oks', 'authors']]);
  });
});
