import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoMapping,
  batchRows,
  csvHeaders,
  CSV_BATCH_MAX_ROWS,
  CSV_BATCH_MIN_ROWS,
  dataRowLine,
  inferCsvType,
  insertBatchSql,
  insertNarrowingErrors,
  mappingProblem,
  progressPercent,
  rowObject,
} from './csv.ts';
import type { ColumnInfo } from './types.ts';

const column = (name: string, extra: Partial<ColumnInfo> = {}) => ({ name, is_generated: false, format: 'text', ...extra }) as ColumnInfo;

describe('csv rules', () => {
  it('maps CSV columns to table columns by name, case-insensitively, each table column once, never generated ones', () => {
    const columns = [column('id'), column('Name'), column('total', { is_generated: true })];
    expect(autoMapping(['ID', ' name ', 'name', 'total', 'other'], columns)).toEqual(['id', 'Name', null, null, null]);
    expect(csvHeaders(['a', '', 'c'], true)).toEqual(['a', 'column_2', 'c']);
    expect(csvHeaders(['a', 'b'], false)).toEqual(['column_1', 'column_2']);
    expect(mappingProblem([null, null])).toBe('Map at least one CSV column to a table column');
    expect(mappingProblem(['a', null, 'a'])).toBe('Column a is mapped more than once');
    expect(mappingProblem(['a', null, 'b'])).toBeNull();
  });

  it('infers a type from preview values', () => {
    expect(inferCsvType(['1', '-2', ''])).toBe('integer');
    expect(inferCsvType(['1.5', '2e3'])).toBe('number');
    expect(inferCsvType(['true', 'F'])).toBe('boolean');
    expect(inferCsvType(['2024-01-02'])).toBe('date');
    expect(inferCsvType(['2024-01-02 03:04:05+00', '2024-01-02T03:04Z'])).toBe('timestamp');
    expect(inferCsvType(['{"a":1}', '[1]'])).toBe('json');
    expect(inferCsvType(['{a,b}', 'x'])).toBe('text');
    expect(inferCsvType(['', ' '])).toBe('empty');
  });

  it('sizes batches by the average row within bounds, numbers lines and bounds progress', () => {
    expect(batchRows(0)).toBe(CSV_BATCH_MAX_ROWS);
    expect(batchRows(100)).toBe(CSV_BATCH_MAX_ROWS);
    expect(batchRows(2000)).toBe(1048);
    expect(batchRows(10_000_000)).toBe(CSV_BATCH_MIN_ROWS);
    expect(dataRowLine(0, true)).toBe(2);
    expect(dataRowLine(0, false)).toBe(1);
    fc.assert(fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0 }), (bytes, size) => {
      const p = progressPercent(bytes, size);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
    }));
  });

  it('builds row objects: empty is NULL, JSON columns parsed, skipped columns left out', () => {
    expect(rowObject(['1', '', '{"a":1}', 'x', 'oops{'], ['id', 'name', 'meta', null, 'meta2'], new Set(['meta', 'meta2']))).toEqual({
      id: '1', name: null, meta: { a: 1 }, meta2: 'oops{',
    });
  });

  it('inserts with one JSON parameter, identifiers quoted', () => {
    expect(insertBatchSql('my schema', 't"x', ['a', 'B'], false).query).toBe(
      'insert into "my schema"."t""x" (a, "B") select a, "B" from json_populate_recordset(null::"my schema"."t""x", $1::json)',
    );
    expect(insertBatchSql('public', 't', ['id'], true).query).toContain('(id) overriding system value select');
  });
});

describe('narrowing a refused batch down to its bad rows', () => {
  const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });
  const options = { errorCode: (e: unknown) => (e as { code?: string }).code, errorMessage: (e: unknown) => (e as Error).message, stopAfter: 100 };

  it('finds every bad row, inserts every good one, reports lines; any set of bad rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 20 }))), async ([n, bad]) => {
        const rows = Array.from({ length: n }, (_, i) => i);
        const inserted: number[] = [];
        let calls = 0;
        const outcome = await insertNarrowingErrors(rows, rows.map((i) => i + 2), async (part) => {
          calls++;
          if (part.some((row) => bad.includes(row))) throw pgError('22P02');
          inserted.push(...part);
        }, options);
        expect(outcome.inserted).toBe(n - bad.length);
        expect(inserted.sort((a, b) => a - b)).toEqual(rows.filter((row) => !bad.includes(row)));
        expect(outcome.rejected.map((r) => r.line).sort((a, b) => a - b)).toEqual(bad.map((row) => row + 2).sort((a, b) => a - b));
        // Halving costs about 2·log2(n) requests per bad row, never one per row.
        expect(calls).toBeLessThanOrEqual(1 + bad.length * 2 * Math.ceil(Math.log2(n) + 1));
      }),
      { numRuns: 100 },
    );
  });

  it('rethrows errors that are not about a row, and stops after the limit', async () => {
    await expect(insertNarrowingErrors([1, 2], [2, 3], async () => { throw pgError('42501'); }, options)).rejects.toThrow('error 42501');
    const outcome = await insertNarrowingErrors([1, 2, 3, 4], [2, 3, 4, 5], async () => { throw pgError('23505'); }, { ...options, stopAfter: 2 });
    expect(outcome).toEqual({ inserted: 0, rejected: [{ line: 2, message: 'error 23505' }, { line: 3, message: 'error 23505' }] });
  });
});
