import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellClipboardText, filterByValue, menuRowCount, menuRows, rowsLabel, valueFromJsonExport } from './row-menu.ts';
import type { ColumnInfo } from './types.ts';

const column = (name: string, format: string, data_type = format): ColumnInfo => ({
  table_id: 1, schema: 'public', table: 't', id: `1.${name}`, ordinal_position: 1, name, default_value: null, data_type, format,
  is_identity: false, identity_generation: null, is_generated: false, is_nullable: true, is_updatable: true, is_unique: false,
  enums: [], check: null, comment: null,
});

describe('menuRows', () => {
  it('acts on the selection when the clicked row is in it, else on the clicked row alone', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    expect(menuRows({ id: 2 }, { all: false, keys: [a, b] }, 10)).toEqual({ kind: 'keys', keys: [a, b] });
    expect(menuRows(c, { all: false, keys: [a, b] }, 10)).toEqual({ kind: 'keys', keys: [c] });
    expect(menuRows(c, { all: false, keys: [] }, 10)).toEqual({ kind: 'keys', keys: [c] });
  });

  it('acts on every row of the view when all are selected, whatever was clicked', () => {
    expect(menuRows(null, { all: true, keys: [] }, 2044)).toEqual({ kind: 'all', count: 2044 });
    expect(menuRows({ id: 1 }, { all: true, keys: [] }, null)).toEqual({ kind: 'all', count: null });
  });

  it('offers no rows for a row without a key outside a select-all', () => {
    expect(menuRows(null, { all: false, keys: [{ id: 1 }] }, 3)).toBeNull();
  });

  it('counts and names what it acts on', () => {
    expect(rowsLabel({ kind: 'keys', keys: [{ id: 1 }] })).toBe('row');
    expect(rowsLabel({ kind: 'keys', keys: [{ id: 1 }, { id: 2 }] })).toBe('2 rows');
    expect(rowsLabel({ kind: 'all', count: 12000 })).toBe('12,000 rows');
    expect(rowsLabel({ kind: 'all', count: null })).toBe('all rows');
    expect(rowsLabel(null)).toBe('row');
    expect(menuRowCount({ kind: 'all', count: 5 })).toBe(5);
  });

  it('never acts on a row that is neither clicked nor selected (property)', () => {
    const key = fc.record({ id: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(key, fc.array(key, { maxLength: 8 }), (clicked, keys) => {
        const rows = menuRows(clicked, { all: false, keys }, null);
        if (rows?.kind !== 'keys') return false;
        const allowed = new Set([clicked, ...keys].map((k) => JSON.stringify(k)));
        return rows.keys.every((k) => allowed.has(JSON.stringify(k))) && rows.keys.some((k) => JSON.stringify(k) === JSON.stringify(clicked));
      }),
    );
  });
});

describe('filterByValue', () => {
  it('uses is for NULL and booleans, eq with the shown text otherwise', () => {
    expect(filterByValue(column('note', 'text'), null, false)).toEqual({ column: 'note', operator: 'is', value: 'null' });
    expect(filterByValue(column('done', 'bool'), true, false)).toEqual({ column: 'done', operator: 'is', value: 'true' });
    expect(filterByValue(column('done', 'bool'), false, false)).toEqual({ column: 'done', operator: 'is', value: 'false' });
    expect(filterByValue(column('id', 'int8'), '9007199254740993', false)).toEqual({ column: 'id', operator: 'eq', value: '9007199254740993' });
    expect(filterByValue(column('doc', 'jsonb'), { a: 1 }, false)).toEqual({ column: 'doc', operator: 'eq', value: '{"a":1}' });
  });

  it('offers none for a value cut on the wire, json (no equality) and arrays', () => {
    expect(filterByValue(column('note', 'text'), 'abc', true)).toBeNull();
    expect(filterByValue(column('doc', 'json'), { a: 1 }, false)).toBeNull();
    expect(filterByValue(column('tags', '_text', 'ARRAY'), ['a'], false)).toBeNull();
  });
});

describe('clipboard values', () => {
  it('copies a cell as shown, NULL as empty', () => {
    expect(cellClipboardText(null)).toBe('');
    expect(cellClipboardText('a\tb')).toBe('a\tb');
    expect(cellClipboardText({ qty: 1 })).toBe('{"qty":1}');
    expect(cellClipboardText(12)).toBe('12');
  });

  it('reads a whole value back from a one-row JSON export', () => {
    expect(valueFromJsonExport('[{"id":1,"note":"long"}]', 'note')).toBe('long');
    expect(valueFromJsonExport('[{"id":1,"note":null}]', 'note')).toBeNull();
    expect(() => valueFromJsonExport('[]', 'note')).toThrow('no longer there');
  });
});
