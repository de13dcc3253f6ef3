// The export's SQL builders (issue 14): the exact statements, with keys, filters, hostile names and every value kind.
// What the statements produce is tested on a real database in server/pgmeta/export-formats.test.ts.
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FILE_TYPES,
  exportFileName,
  exportRowsSql,
  exportWhereSql,
  insertPrefix,
  insertRowsSql,
  jsonRowsSql,
  keysCondition,
  keyValueLiteral,
  type ExportColumn,
} from './export-formats.ts';
import { exportSelectSql } from './sql.ts';

const column = (name: string, extra: Partial<ExportColumn> = {}): ExportColumn => ({ name, generated: false, identityAlways: false, ...extra });
const items = { schema: 'public', table: 'items', filters: [], sorts: [] };

describe('file types', () => {
  it('names and types each format', () => {
    expect(exportFileName('items', 'csv')).toBe('items.csv');
    expect(exportFileName('my "table"', 'json')).toBe('my "table".json');
    expect(exportFileName('items', 'sql')).toBe('items.sql');
    expect(EXPORT_FILE_TYPES.csv.contentType).toBe('text/csv; charset=utf-8');
    expect(EXPORT_FILE_TYPES.json.contentType).toBe('application/json; charset=utf-8');
    expect(EXPORT_FILE_TYPES.sql.contentType).toBe('application/sql; charset=utf-8');
  });
});

describe('key literals', () => {
  it('quotes every value as an untyped literal the column reads', () => {
    expect(keyValueLiteral(42)).toBe("'42'");
    expect(keyValueLiteral(1.5)).toBe("'1.5'");
    expect(keyValueLiteral('9007199254740993')).toBe("'9007199254740993'");
    expect(keyValueLiteral(true)).toBe("'true'");
    expect(keyValueLiteral("it's")).toBe("'it''s'");
    expect(keyValueLiteral('back\\slash')).toBe("E'back\\\\slash'");
    expect(keyValueLiteral('é 🐘')).toBe("'é 🐘'");
    expect(keyValueLiteral({ a: [1, "q'"] })).toBe(`'{"a":[1,"q''"]}'`);
  });

  it('writes an array key in the array text form, every element quoted', () => {
    expect(keyValueLiteral([1, 'b,c', null, 'q"\\'])).toBe(`E'{"1","b,c",NULL,"q\\\\"\\\\\\\\"}'`);
    expect(keyValueLiteral([[1, 2], [3, 4]])).toBe(`'{{"1","2"},{"3","4"}}'`);
    expect(keyValueLiteral([])).toBe("'{}'");
  });
});

describe('keys condition', () => {
  it('uses an in list for a one-column key without nulls', () => {
    expect(keysCondition([{ id: 1 }, { id: 2 }, { id: '3' }])).toBe(`id in ('1', '2', '3')`);
    expect(keysCondition([{ ctid: '(0,1)' }])).toBe(`ctid in ('(0,1)')`);
    expect(keysCondition([{ 'co"l': 'x' }])).toBe(`"co""l" in ('x')`);
  });

  it('uses one condition a key for composite keys and nulls', () => {
    expect(keysCondition([{ a: 1, b: 'x' }, { a: 2, b: null }])).toBe(`(a = '1' and b = 'x') or (a = '2' and b is null)`);
    expect(keysCondition([{ id: 1 }, { id: null }])).toBe(`(id = '1') or (id is null)`);
  });

  it('selects nothing for no keys, and refuses an empty key', () => {
    expect(keysCondition([])).toBe('false');
    expect(() => keysCondition([{ id: 1 }, {}])).toThrow('A row key needs at least one column');
  });

  it('adds the keys to the filters as one parenthesised condition', () => {
    expect(exportWhereSql([], undefined)).toBe('');
    expect(exportWhereSql([], [])).toBe(' where (false)');
    expect(exportWhereSql([{ column: 'name', operator: 'eq', value: 'x' }], [{ a: 1, b: 2 }, { a: 3, b: 4 }])).toBe(
      ` where name = 'x' and ((a = '1' and b = '2') or (a = '3' and b = '4'))`,
    );
  });
});

describe('statements', () => {
  const filters = [{ column: 'id', operator: 'lte' as const, value: '30' }];
  const sorts = [{ column: 'id', ascending: false }];

  it('CSV reads `select *`, as before issue 14 when no keys are given', () => {
    expect(exportRowsSql({ ...items, filters, sorts })).toBe(exportSelectSql('public', 'items', filters, sorts));
    expect(exportRowsSql({ ...items, keys: [{ id: 7 }] })).toBe(`select * from public.items where (id in ('7'))`);
  });

  it('JSON reads each row as its to_json, in the sort order', () => {
    expect(jsonRowsSql({ ...items, filters, sorts })).toBe(
      `select to_json(export_row.*)::text from public.items as export_row where id <= '30' order by id desc`,
    );
  });

  it('SQL writes one insert a row, leaving out generated columns', () => {
    const columns = [column('id'), column('name'), column('total', { generated: true })];
    expect(insertPrefix('public', 'items', columns)).toBe('INSERT INTO public.items (id, name) VALUES (');
    expect(insertRowsSql({ ...items, sorts }, columns)).toBe(
      `select 'INSERT INTO public.items (id, name) VALUES (' || array_to_string(array[quote_nullable(id::text), ` +
        `quote_nullable(name::text)], ', ') || ');' from public.items order by id desc`,
    );
  });

  it('keeps identity-always values with OVERRIDING SYSTEM VALUE', () => {
    expect(insertPrefix('public', 'items', [column('id', { identityAlways: true }), column('name')])).toBe(
      'INSERT INTO public.items (id, name) OVERRIDING SYSTEM VALUE VALUES (',
    );
  });

  it('quotes hostile names, in identifiers and inside the prefix literal', () => {
    const target = { schema: 'we"ird', table: "tab'; drop table items; --", filters: [], sorts: [] };
    const columns = [column('co"l'), column('é\\x'), column('select')];
    expect(insertPrefix(target.schema, target.table, columns)).toBe(
      `INSERT INTO "we""ird"."tab'; drop table items; --" ("co""l", "é\\x", "select") VALUES (`,
    );
    expect(insertRowsSql(target, columns)).toBe(
      `select E'INSERT INTO "we""ird"."tab''; drop table items; --" ("co""l", "é\\\\x", "select") VALUES (' || ` +
        `array_to_string(array[quote_nullable("co""l"::text), quote_nullable("é\\x"::text), quote_nullable("select"::text)], ', ') || ');' ` +
        `from "we""ird"."tab'; drop table items; --"`,
    );
    expect(jsonRowsSql(target)).toBe(`select to_json(export_row.*)::text from "we""ird"."tab'; drop table items; --" as export_row`);
  });

  it('writes DEFAULT VALUES when every column is generated', () => {
    expect(insertRowsSql(items, [column('total', { generated: true })])).toBe(`select 'INSERT INTO public.items DEFAULT VALUES;' from public.items`);
  });
});
