import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILTER_OPERATORS, type RowFilter, type RowSort } from './types.ts';
import { knownColumns, parseFilters, parseSorts, serializeFilters, serializeSorts, toggleSort } from './url.ts';

describe('table editor URL: sort', () => {
  it('reads and writes several sorts in one value', () => {
    expect(parseSorts('a:asc,b:desc')).toEqual([{ column: 'a', ascending: true }, { column: 'b', ascending: false }]);
    expect(serializeSorts([{ column: 'a', ascending: true }, { column: 'b', ascending: false }])).toBe('a:asc,b:desc');
    expect(serializeSorts([])).toBeUndefined();
  });

  it('drops garbage and keeps the first direction of a repeated column', () => {
    expect(parseSorts('a:up,:asc,b,c:desc:x,%:asc,d:DESC,d:asc')).toEqual([{ column: 'd', ascending: false }]);
    expect(parseSorts(42)).toEqual([]);
    expect(parseSorts(undefined)).toEqual([]);
    expect(parseSorts(',,,')).toEqual([]);
  });

  it('escapes commas, colons and percent signs in column names', () => {
    const sorts = [{ column: 'we:ird,col%"', ascending: false }];
    expect(serializeSorts(sorts)).toBe('we%3Aird%2Ccol%25":desc');
    expect(parseSorts(serializeSorts(sorts))).toEqual(sorts);
  });

  it('cycles a header click through ascending, descending and none', () => {
    expect(toggleSort([], 'a')).toEqual([{ column: 'a', ascending: true }]);
    expect(toggleSort([{ column: 'a', ascending: true }], 'a')).toEqual([{ column: 'a', ascending: false }]);
    expect(toggleSort([{ column: 'a', ascending: false }], 'a')).toEqual([]);
    expect(toggleSort([{ column: 'a', ascending: false }], 'b')).toEqual([{ column: 'b', ascending: true }]);
  });
});

describe('table editor URL: filter', () => {
  it('reads and writes filters, values keeping commas and colons', () => {
    const filters: RowFilter[] = [
      { column: 'id', operator: 'eq', value: '5' },
      { column: 'name', operator: 'in', value: 'a,b:c' },
      { column: 'note', operator: 'is', value: 'not null' },
    ];
    expect(serializeFilters(filters)).toBe('id:eq:5,name:in:a%2Cb%3Ac,note:is:not null');
    expect(parseFilters(serializeFilters(filters))).toEqual(filters);
  });

  it('drops unknown operators, missing parts and broken escapes, never throws', () => {
    expect(parseFilters('id:zz:1,id:eq,:eq:1,id:eq:%E0%A4%A,ok:gt:2')).toEqual([{ column: 'ok', operator: 'gt', value: '2' }]);
    expect(parseFilters({})).toEqual([]);
    expect(parseFilters('id:eq:')).toEqual([{ column: 'id', operator: 'eq', value: '' }]);
  });

  it('keeps only entries on known columns', () => {
    expect(knownColumns([{ column: 'a' }, { column: 'gone' }], ['a', 'b'])).toEqual([{ column: 'a' }]);
  });
});

describe('table editor URL: properties', () => {
  const text = fc.string({ unit: 'binary', maxLength: 12 });
  it('filters round-trip through the URL value', () => {
    const filter = fc.record({ column: text.filter((s) => s !== ''), operator: fc.constantFrom(...FILTER_OPERATORS), value: text });
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 5 }), (filters: RowFilter[]) => {
        expect(parseFilters(serializeFilters(filters) ?? '')).toEqual(filters);
      }),
    );
  });

  it('sorts round-trip through the URL value (distinct columns)', () => {
    const sort = fc.record({ column: text.filter((s) => s !== ''), ascending: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(sort, { selector: (s) => s.column, maxLength: 5 }), (sorts: RowSort[]) => {
        expect(parseSorts(serializeSorts(sorts) ?? '')).toEqual(sorts);
      }),
    );
  });

  it('any string parses without throwing into valid entries', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        for (const filter of parseFilters(raw)) expect(FILTER_OPERATORS).toContain(filter.operator);
        for (const sort of parseSorts(raw)) expect(sort.column).not.toBe('');
      }),
    );
  });
});
