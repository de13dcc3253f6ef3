import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEMA,
  TABLE_LIST_PAGE_SIZE,
  TABLE_TYPE_ORDER,
  parseSchemaList,
  parseTableListRows,
  readTableListSort,
  serializeSchemaList,
  tableListStatement,
} from './table-list.ts';

describe('tableListStatement', () => {
  it('fills the spec defaults: schema public, no search, all types, alphabetical, 100 from offset 0', () => {
    expect(TABLE_LIST_PAGE_SIZE).toBe(100);
    expect(DEFAULT_SCHEMA).toBe('public');
    expect(tableListStatement().parameters).toEqual([['public'], '', [], 'alphabetical', ['r', 'v', 'm', 'f', 'p'], 100, 0]);
  });

  it('passes the query as parameters', () => {
    const statement = tableListStatement({ schemas: ['app', 'public'], search: '  Ord ', sort: 'type', filterTypes: ['v', 'v', 'm'], limit: 50, offset: 150 });
    expect(statement.parameters).toEqual([['app', 'public'], 'Ord', ['v', 'm'], 'type', ['r', 'v', 'm', 'f', 'p'], 50, 150]);
  });

  it('drops unknown types and bad limits or offsets', () => {
    const statement = tableListStatement({ filterTypes: ['x' as never, 'r'], limit: -1, offset: 1.5 });
    expect(statement.parameters[2]).toEqual(['r']);
    expect(statement.parameters[5]).toBe(100);
    expect(statement.parameters[6]).toBe(0);
  });

  it('orders by type as spec B2.1 says: table, view, materialized view, foreign table, partitioned table', () => {
    expect(TABLE_TYPE_ORDER).toEqual(['r', 'v', 'm', 'f', 'p']);
  });

  it('never puts what the user typed into the SQL text (one statement, bind parameters only)', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 3 }), (search, schemas) => {
        const statement = tableListStatement({ search, schemas });
        expect(statement.query).toBe(tableListStatement().query);
        expect(statement.query.split(';').filter((part) => part.trim() !== '')).toHaveLength(1);
      }),
    );
  });
});

describe('parseTableListRows', () => {
  const entity = { id: 1, schema: 'public', name: 'orders', type: 'r', comment: 'c', rls_enabled: true };

  it('reads the one row into entities and count', () => {
    expect(parseTableListRows([{ count: 3, entities: [entity] }])).toEqual({ entities: [entity], count: 3 });
    expect(parseTableListRows([{ count: '7', entities: [] }])).toEqual({ entities: [], count: 7 });
  });

  it('skips malformed entries and survives a missing row', () => {
    expect(parseTableListRows([])).toEqual({ entities: [], count: 0 });
    const rows = [{ count: 2, entities: [entity, { ...entity, type: 'i' }, null, { ...entity, id: 'x' }, { ...entity, comment: 5, rls_enabled: 'yes' }] }];
    expect(parseTableListRows(rows).entities).toEqual([entity, { ...entity, comment: null, rls_enabled: false }]);
    expect(parseTableListRows([{ count: 'abc', entities: [entity] }]).count).toBe(1);
  });
});

describe('readTableListSort', () => {
  it('reads a stored sort or falls back to alphabetical', () => {
    expect(readTableListSort('type')).toBe('type');
    expect(readTableListSort('alphabetical')).toBe('alphabetical');
    expect(readTableListSort('random')).toBe('alphabetical');
    expect(readTableListSort(null)).toBe('alphabetical');
  });
});

describe('the selected schemas in the URL (spec B2.1: the list shows the selected schemas)', () => {
  it('one schema is the plain name; several are joined by commas, a comma or % in a name escaped', () => {
    expect(serializeSchemaList(['public'])).toBe('public');
    expect(serializeSchemaList(['public', 'app'])).toBe('public,app');
    expect(serializeSchemaList(['a,b', '100%'])).toBe('a%2Cb,100%25');
    expect(serializeSchemaList([])).toBeUndefined();
    expect(parseSchemaList('public,app')).toEqual(['public', 'app']);
    expect(parseSchemaList('a%2Cb,100%25')).toEqual(['a,b', '100%']);
    expect(parseSchemaList(undefined)).toEqual([DEFAULT_SCHEMA]);
    expect(parseSchemaList('')).toEqual([DEFAULT_SCHEMA]);
    expect(parseSchemaList('app,,app,%zz')).toEqual(['app']);
  });

  it('round-trips any list of distinct non-empty names', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), (schemas) => {
        expect(parseSchemaList(serializeSchemaList(schemas))).toEqual(schemas);
      }),
    );
  });
});
