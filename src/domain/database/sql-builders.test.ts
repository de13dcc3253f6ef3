import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchRows } from './catalog.ts';
import { addEnumValueSql, createEnumSql, deleteEnumSql, renameEnumValueSql } from './enums.ts';
import { argumentsSql, createFunctionSql, deleteFunctionSql, editFunctionSql, emptyFunctionDraft, searchPathSql, type DatabaseFunction } from './functions.ts';
import { schemaDdl } from './schema-graph.ts';
import { escapeXml, schemaSvg } from './schema-svg.ts';
import { edges, layoutSchema } from './schema-layout.ts';
import { dollarQuote, typeName } from './sql-names.ts';
import { createTriggerSql, deleteTriggerSql, emptyTriggerDraft, setTriggerEnabledSql } from './triggers.ts';

describe('function SQL', () => {
  const draft = { ...emptyFunctionDraft('public'), name: 'add', language: 'sql' as const, arguments: [{ name: 'a', type: 'integer' }, { name: '', type: 'text[]' }], returnType: 'integer', body: 'select a' };

  it('builds create function with arguments, security and search_path', () => {
    expect(createFunctionSql({ ...draft, securityDefiner: true, searchPath: 'public, extensions' }).query).toBe(
      'create function public.add(a integer, text[])\nreturns integer\nlanguage sql\nsecurity definer\nset search_path = public, extensions\nas $function$\nselect a\n$function$;',
    );
  });

  it('quotes names and refuses types that are not types', () => {
    expect(createFunctionSql({ ...draft, name: 'My "fn"' }).query).toContain('public."My ""fn"""(');
    expect(() => argumentsSql([{ name: 'a', type: 'int); drop table x; --' }])).toThrow(/not a valid/);
    expect(() => createFunctionSql({ ...draft, returnType: 'void; drop table x' })).toThrow(/not a valid return type/);
    expect(() => createFunctionSql({ ...draft, name: ' ' })).toThrow('Please provide a name for your function');
    expect(() => createFunctionSql({ ...draft, body: '  ' })).toThrow(/definition/);
    for (const ok of ['timestamp with time zone', 'numeric(10, 2)', 'public.mood', 'setof text', 'text[][]', '"Mood"', 'trigger']) expect(typeName(ok)).toBe(ok);
  });

  it('search_path: blank is unset, quoted empty is the empty path, names are quoted', () => {
    expect(searchPathSql('  ')).toBeNull();
    expect(searchPathSql("''")).toBe("set search_path = ''");
    expect(searchPathSql('public, My Schema')).toBe('set search_path = public, "My Schema"');
  });

  it('a body never ends its dollar quote early (property)', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        const quoted = dollarQuote(body);
        const tag = quoted.slice(0, quoted.indexOf('$', 1) + 1);
        expect(quoted.endsWith(tag)).toBe(true);
        expect(quoted.slice(tag.length, quoted.length - tag.length)).toBe(body);
        expect(body.includes(tag)).toBe(false);
      }),
    );
  });

  it('edits in place when the identity stays, else drops and creates in one transaction', () => {
    const original: DatabaseFunction = { id: 1, schema: 'public', name: 'add', arguments: 'a integer, text[]', identity_arguments: 'a integer, text[]', return_type: 'integer', language: 'sql', security_definer: false, body: 'select a', search_path: null, argument_list: [{ name: 'a', type: 'integer' }, { name: '', type: 'text[]' }] };
    expect(editFunctionSql(original, draft).query).toMatch(/^create or replace function public\.add/);
    const renamed = editFunctionSql(original, { ...draft, name: 'plus' }).query;
    expect(renamed).toMatch(/^begin;\ndrop function public\.add\(a integer, text\[\]\);\ncreate function public\.plus/);
    expect(renamed.endsWith('commit;')).toBe(true);
    expect(deleteFunctionSql(original).query).toBe('drop function public.add(a integer, text[]);');
  });
});

describe('trigger SQL', () => {
  const draft = { ...emptyTriggerDraft('public'), name: 'on insert', table: 'todos', events: ['DELETE' as const, 'INSERT' as const], functionSchema: 'public', functionName: 'stamp' };
  it('builds create trigger with events in a fixed order', () => {
    expect(createTriggerSql(draft).query).toBe('create trigger "on insert"\nbefore insert or delete on public.todos\nfor each row\nexecute function public.stamp();');
    expect(createTriggerSql({ ...draft, timing: 'AFTER', level: 'STATEMENT', events: ['UPDATE'] }).query).toContain('after update on public.todos\nfor each statement');
  });
  it('says what is missing', () => {
    expect(() => createTriggerSql({ ...draft, events: [] })).toThrow('Please select at least one event');
    expect(() => createTriggerSql({ ...draft, table: '' })).toThrow('Please select a table');
    expect(() => createTriggerSql({ ...draft, functionName: '' })).toThrow('Please select a function to execute');
  });
  it('enables, disables and drops', () => {
    const t = { schema: 'public', table: 'todos', name: 'x"y' };
    expect(setTriggerEnabledSql(t, false).query).toBe('alter table public.todos disable trigger "x""y";');
    expect(setTriggerEnabledSql(t, true).query).toBe('alter table public.todos enable trigger "x""y";');
    expect(deleteTriggerSql(t).query).toBe('drop trigger "x""y" on public.todos;');
  });
});

describe('enum SQL', () => {
  const mood = { schema: 'public', name: 'mood', values: ['happy', 'sad'] };
  it('creates, adds, renames and drops with quoted labels', () => {
    expect(createEnumSql('public', 'mood', ['happy', "it's ok"]).query).toBe("create type public.mood as enum ('happy', 'it''s ok');");
    expect(addEnumValueSql(mood, 'meh').query).toBe("alter type public.mood add value 'meh';");
    expect(renameEnumValueSql(mood, 'sad', 'blue').query).toBe("alter type public.mood rename value 'sad' to 'blue';");
    expect(deleteEnumSql(mood).query).toBe('drop type public.mood;');
  });
  it('refuses duplicates, empty and too long values', () => {
    expect(() => createEnumSql('public', 'mood', ['a', 'a'])).toThrow('listed twice');
    expect(() => createEnumSql('public', 'mood', [''])).toThrow('at least one value');
    expect(() => addEnumValueSql(mood, 'sad')).toThrow('already exists');
    expect(() => renameEnumValueSql(mood, 'sad', 'happy')).toThrow('already exists');
    expect(() => addEnumValueSql(mood, 'é'.repeat(32))).toThrow('63 bytes');
  });
});

describe('schema exports', () => {
  const graph = {
    schema: 'public',
    tables: [
      { name: 'users', columns: [{ name: 'id', type: 'bigint', nullable: false, default: null, primary_key: true }] },
      { name: 'po<sts>', columns: [{ name: 'id', type: 'bigint', nullable: false, default: null, primary_key: true }, { name: 'user_id', type: 'bigint', nullable: true, default: '0', primary_key: false }] },
    ],
    foreign_keys: [{ name: 'fk', source: 'po<sts>', source_columns: ['user_id'], target_schema: 'public', target: 'users', target_columns: ['id'] }],
  };
  it('writes the DDL: tables, then foreign keys', () => {
    const ddl = schemaDdl(graph);
    expect(ddl).toContain('create table public.users (\n  id bigint not null,\n  primary key (id)\n);');
    expect(ddl).toContain('"po<sts>" (\n  id bigint not null,\n  user_id bigint default 0,');
    expect(ddl).toContain('alter table public."po<sts>" add constraint fk foreign key (user_id) references public.users (id);');
  });
  it('draws an SVG with every table, escaped, and the foreign key', () => {
    const layout = layoutSchema(graph.tables, graph.foreign_keys, 'public');
    const svg = schemaSvg(graph.tables, graph.foreign_keys, layout, edges(layout, graph.tables, graph.foreign_keys, 'public'));
    expect(svg).toContain('po&lt;sts&gt;');
    expect(svg).not.toContain('po<sts>');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('>FK<');
    expect(svg).toContain('>PK<');
    expect(escapeXml(`<&"'>`)).toBe('&lt;&amp;&quot;&#39;&gt;');
  });
});

describe('searchRows', () => {
  it('keeps rows containing every word, case-insensitively', () => {
    const rows = [{ n: 'create_user', a: 'email text' }, { n: 'delete_user', a: '' }, { n: 'stamp', a: null }];
    expect(searchRows(rows, '', (r) => [r.n, r.a])).toHaveLength(3);
    expect(searchRows(rows, 'USER text', (r) => [r.n, r.a]).map((r) => r.n)).toEqual(['create_user']);
    expect(searchRows(rows, 'nothing', (r) => [r.n, r.a])).toEqual([]);
  });
});
