import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canEditRows, cellsToTsv, cellText, firstInputColumn, moveActive, outgoingReference, typedValue, type GridKey } from './grid-cells.ts';
import type { ColumnInfo, TableMeta } from './types.ts';

const meta = { id: 1, schema: 'public', name: 'orders', type: 'r', primary_keys: ['id'], columns: [], estimated_rows: 0, comment: null, rls_enabled: false,
  relationships: [
    { id: 1, constraint_name: 'fk', source_schema: 'public', source_table_name: 'orders', source_column_name: 'customer_id', target_table_schema: 'public', target_table_name: 'customers', target_column_name: 'id' },
    { id: 2, constraint_name: 'rev', source_schema: 'public', source_table_name: 'lines', source_column_name: 'order_id', target_table_schema: 'public', target_table_name: 'orders', target_column_name: 'id' },
  ] } as TableMeta;

describe('grid cells', () => {
  it('reads values as one line', () => {
    expect(cellText(null)).toBe('NULL');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
    expect(cellText(true)).toBe('true');
    expect(cellText('x')).toBe('x');
  });

  it('copies blocks as TSV, NULL blank, tabs and newlines flattened', () => {
    expect(cellsToTsv([[1, null], ['a\tb', 'c\nd']])).toBe('1\t\na b\tc d');
  });

  it('edits rows of tables with a key only, for writers', () => {
    expect(canEditRows(meta, true)).toBe(true);
    expect(canEditRows(meta, false)).toBe(false);
    expect(canEditRows({ ...meta, type: 'v' }, true)).toBe(false);
    expect(canEditRows({ ...meta, primary_keys: [] }, true)).toBe(false);
  });

  it('turns an empty input into NULL except for text', () => {
    expect(typedValue({ format: 'int4' } as ColumnInfo, '')).toBeNull();
    expect(typedValue({ format: 'text' } as ColumnInfo, '')).toBe('');
    expect(typedValue({ format: 'int4' } as ColumnInfo, '5')).toBe('5');
  });

  it('finds the foreign key leaving a column, not the ones arriving', () => {
    expect(outgoingReference(meta, 'customer_id')?.target_table_name).toBe('customers');
    expect(outgoingReference(meta, 'id')).toBeUndefined();
  });

  it('moves the active cell with arrows, Home/End and pages, never outside', () => {
    const size = { rows: 100, columns: 5, page: 20 };
    expect(moveActive({ row: 0, column: 0 }, 'ArrowUp', size)).toEqual({ row: 0, column: 0 });
    expect(moveActive({ row: 5, column: 2 }, 'End', size)).toEqual({ row: 5, column: 4 });
    expect(moveActive({ row: 5, column: 2 }, 'End', size, true)).toEqual({ row: 99, column: 4 });
    expect(moveActive({ row: 5, column: 2 }, 'Home', size, true)).toEqual({ row: 0, column: 0 });
    expect(moveActive({ row: 90, column: 2 }, 'PageDown', size)).toEqual({ row: 99, column: 2 });
    const key = fc.constantFrom<GridKey>('ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.boolean())), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 9 }), (keys, rows, columns) => {
        let position = { row: 0, column: 0 };
        for (const [k, corner] of keys) {
          position = moveActive(position, k, { rows, columns, page: 7 }, corner);
          expect(position.row).toBeGreaterThanOrEqual(0);
          expect(position.row).toBeLessThan(rows);
          expect(position.column).toBeLessThan(columns);
        }
      }),
    );
  });
});

describe('firstInputColumn (bulk add rows)', () => {
  const col = (name: string, extra: Partial<ColumnInfo> = {}) =>
    ({ name, is_updatable: true, is_generated: false, identity_generation: null, is_identity: false, default_value: null, ...extra }) as ColumnInfo;
  it('skips identity and defaulted columns, else takes the first writable one', () => {
    expect(firstInputColumn([col('id', { is_identity: true, identity_generation: 'BY DEFAULT' }), col('created', { default_value: 'now()' }), col('name')])).toBe(2);
    expect(firstInputColumn([col('id', { is_identity: true, identity_generation: 'ALWAYS' }), col('at', { default_value: 'now()' })])).toBe(1);
    expect(firstInputColumn([col('g', { is_generated: true })])).toBe(0);
  });
});
