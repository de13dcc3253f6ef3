// The row panel's fields and statements (spec B2.1 add/edit row).
import { describe, expect, it } from 'vitest';
import { expandedText, fieldKind, fieldProblem, initialField, insertStatement, parameterOf, prettyJson, reverseCountsStatement, updateStatement, valueText } from './row-values.ts';
import type { ColumnInfo, TableMeta } from './types.ts';

const col = (name: string, over: Partial<ColumnInfo> = {}): ColumnInfo => ({
  table_id: 1, schema: 'public', table: 't', id: `1.${name}`, ordinal_position: 1, name, default_value: null, data_type: 'text',
  format: 'text', is_identity: false, identity_generation: null, is_generated: false, is_nullable: true, is_updatable: true,
  is_unique: false, enums: [], check: null, comment: null, ...over,
});
const table = {
  id: 1, schema: 'public', name: 't', type: 'r', comment: null, rls_enabled: false, estimated_rows: 0, primary_keys: ['id'], relationships: [],
  columns: [
    col('id', { format: 'int8', is_identity: true, identity_generation: 'ALWAYS', is_nullable: false }),
    col('n', { format: 'int4' }),
    col('meta', { format: 'jsonb' }),
    col('at', { format: 'timestamptz', default_value: 'now()' }),
    col('label'),
  ],
} as TableMeta;

describe('row fields', () => {
  it('picks an input kind per column type', () => {
    expect(['bool', 'int8', 'numeric', 'jsonb', 'timestamptz', 'date', 'text'].map((format) => fieldKind(col('x', { format })))).toEqual([
      'boolean', 'number', 'number', 'json', 'datetime', 'date', 'text',
    ]);
    expect(fieldKind(col('x', { data_type: 'ARRAY', format: '_text' }))).toBe('array');
    expect(fieldKind(col('x', { data_type: 'USER-DEFINED', format: 'mood', enums: ['a'] }))).toBe('enum');
  });

  it('catches bad numbers and JSON before Postgres; empty non-text inputs are NULL', () => {
    expect(fieldProblem(col('n', { format: 'int4' }), { mode: 'value', text: 'x' })).toBe('Enter a number');
    expect(fieldProblem(col('m', { format: 'jsonb' }), { mode: 'value', text: '{' })).toMatch(/^Invalid JSON/);
    expect(fieldProblem(col('m', { format: 'jsonb' }), { mode: 'null' })).toBeNull();
    expect(parameterOf(col('n', { format: 'int4' }), ' ')).toBeNull();
    expect(parameterOf(col('s'), '')).toBe('');
    expect(parameterOf(col('a', { data_type: 'ARRAY', format: '_int4' }), '[1,2]')).toEqual([1, 2]);
    expect(initialField(table.columns[3]!, null)).toEqual({ mode: 'default' });
  });

  it('insert leaves DEFAULT and generated columns out; update sets only changes, DEFAULT as default', () => {
    expect(insertStatement(table, { id: { mode: 'value', text: '9' }, n: { mode: 'value', text: '2' }, meta: { mode: 'null' }, at: { mode: 'default' }, label: { mode: 'value', text: "it's" } })).toEqual({
      query: 'insert into public.t (n, meta, label) values ($1, $2, $3) returning *',
      parameters: ['2', null, "it's"],
    });
    const row = { id: 5, n: 1, meta: { a: 1 }, at: '2024-01-01', label: 'x' };
    expect(updateStatement(table, row, { id: { mode: 'value', text: '5' }, n: { mode: 'value', text: '1' }, meta: { mode: 'value', text: '{\n  "a": 1\n}' }, at: { mode: 'default' }, label: { mode: 'null' } })).toEqual({
      query: 'update public.t set at = default, label = $1 where id = $2 returning *',
      parameters: [null, 5],
    });
    expect(updateStatement(table, row, {})).toBeNull();
  });

  it('counts reverse references with each table id in one statement', () => {
    expect(reverseCountsStatement([{ constraint: 'c', schema: 'public', table: 'Items', column: 'order id', value: 3 }])).toEqual({
      query: 'select (select count(*) from public."Items" where "order id"::text = $1) as n0, $2::regclass::oid::int as id0',
      parameters: ['3', 'public."Items"'],
    });
  });

  it('lays JSON out over lines keeping every token as written (issue 14.1)', () => {
    const text = '{"n": 12345678901234567890.5, "s": "a, {b}: \\"c\\"", "e": [], "o": {}, "l": [1, null]}';
    expect(prettyJson(text)).toBe(
      '{\n  "n": 12345678901234567890.5,\n  "s": "a, {b}: \\"c\\"",\n  "e": [],\n  "o": {},\n  "l": [\n    1,\n    null\n  ]\n}',
    );
    expect(JSON.parse(prettyJson(text))).toEqual(JSON.parse(text));
    expect(prettyJson('not json {')).toBe('not json {');
    expect(expandedText('null', true)).toBe('null');
    expect(expandedText(null, true)).toBe('');
  });

  it('shows values as Postgres writes them: never a JSON-encoded string (issue 14.1)', () => {
    expect(valueText('{"qty": 1}', 'json')).toBe('{"qty": 1}');
    expect(valueText('"a string"', 'json')).toBe('"a string"');
    expect(valueText('t', 'boolean')).toBe('true');
    expect(valueText(false, 'boolean')).toBe('false');
    expect(valueText('{1,NULL,"a,b"}', 'array')).toBe('{1,NULL,"a,b"}');
    expect(fieldProblem(col('f', { format: 'float8' }), { mode: 'value', text: 'NaN' })).toBeNull();
    expect(fieldProblem(col('f', { format: 'numeric' }), { mode: 'value', text: '-Infinity' })).toBeNull();
    expect(fieldProblem(col('f', { format: 'int4' }), { mode: 'value', text: 'NaN' })).toBe('Enter a number');
    expect(parameterOf(col('a', { data_type: 'ARRAY', format: '_int4' }), '[0:1]={1,2}')).toBe('[0:1]={1,2}');
  });
});
