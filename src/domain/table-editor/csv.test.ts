import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoMapping,
  batchRows,
  csvHeaders,
  CSV_BATCH_MAX_ROWS,
  CSV_BATCH_MIN_ROWS,
  copySkippingRefusedRows,
  csvRecord,
  dataRowLine,
  inferCsvType,
  mappingProblem,
  progressPercent,
  splitCsvRecords,
} from './csv.ts';
import Papa from 'papaparse';
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
    expect(batchRows(80)).toBe(CSV_BATCH_MAX_ROWS);
    expect(batchRows(2000)).toBe(4194);
    expect(batchRows(10_000_000)).toBe(CSV_BATCH_MIN_ROWS);
    expect(dataRowLine(0, true)).toBe(2);
    expect(dataRowLine(0, false)).toBe(1);
    fc.assert(fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0 }), (bytes, size) => {
      const p = progressPercent(bytes, size);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
    }));
  });

  it('writes the mapped values as COPY reads them: empty is NULL (unquoted), JSON columns as JSON, skipped columns left out', () => {
    const row = ['1', '', '{"a":1}', 'x', 'oops{', 'a,"b"\nc', '\\.'];
    const mapping = ['id', 'name', 'meta', null, 'meta2', 'note', 'path'];
    expect(csvRecord(row, mapping, new Set(['meta', 'meta2']))).toBe('1,,"{""a"":1}","""oops{""","a,""b""\nc","\\."\n');
  });

  it('gives back every value and record however values hold quotes, commas and line breaks (fuzzed)', () => {
    const value = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('"', ',', '\n', '\r\n', '""', ' ', '\\.', 'a"b'));
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 10 }), (rows) => {
        const width = rows[0]!.length;
        const table = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? 'x'));
        const mapping = table[0]!.map((_, i) => `c${i}`);
        const records = table.map((row) => csvRecord(row, mapping, new Set()));
        expect(splitCsvRecords(records.join(''))).toEqual(records);
        const parsed = Papa.parse<string[]>(records.join(''), { delimiter: ',', newline: '\n', skipEmptyLines: false }).data.slice(0, table.length);
        expect(parsed).toEqual(table);
      }),
    );
  });
});

describe('copying a batch without its refused rows', () => {
  /** A refusal as the platform answers it: the 1-based row of the body Postgres named. */
  const refusal = (row: number | null, code = '22P02') => Object.assign(new Error(`error ${code}`), { row, code });
  const options = {
    refusedRow: (e: unknown) => (e as { row: number | null }).row,
    errorMessage: (e: unknown) => (e as Error).message,
    stopAfter: 100,
  };

  /** A table that takes a body whole unless it holds a bad value; then it names the first bad row, as COPY does. */
  function fakeCopy(bad: Set<string>) {
    const inserted: string[] = [];
    let calls = 0;
    const copy = async (csv: string) => {
      calls++;
      const records = splitCsvRecords(csv);
      const at = records.findIndex((record) => bad.has(record));
      if (at >= 0) throw refusal(at + 1);
      inserted.push(...records);
    };
    return { copy, inserted, calls: () => calls };
  }

  it('reports every bad row by its line, copies every good one once; any set of bad rows (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 20 }))),
        async ([n, badRows]) => {
          const records = Array.from({ length: n }, (_, i) => csvRecord([`row ${i}`, i % 7 === 0 ? 'two\nlines' : ''], ['a', 'b'], new Set()));
          const table = fakeCopy(new Set(badRows.map((i) => records[i]!)));
          // Lines with gaps, as when the parser already left out unreadable rows.
          const lines = records.map((_, i) => i * 2 + 2);
          const outcome = await copySkippingRefusedRows(records.join(''), lines, table.copy, options);
          expect(outcome.inserted).toBe(n - badRows.length);
          expect(table.inserted).toEqual(records.filter((_, i) => !badRows.includes(i)));
          expect(outcome.rejected.map((r) => r.line)).toEqual([...badRows].sort((a, b) => a - b).map((i) => i * 2 + 2));
          expect(table.calls()).toBe(badRows.length + (n > badRows.length ? 1 : 0));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rethrows errors that are not about a row; after the limit copies the rows before the last refused one', async () => {
    await expect(
      copySkippingRefusedRows('a\n', [2], async () => {
        throw refusal(null, '42501');
      }, options),
    ).rejects.toThrow('error 42501');
    const records = ['a\n', 'b\n', 'c\n', 'd\n', 'e\n'];
    const table = fakeCopy(new Set(['b\n', 'd\n', 'e\n']));
    const outcome = await copySkippingRefusedRows(records.join(''), [2, 3, 4, 5, 6], table.copy, { ...options, stopAfter: 2 });
    expect(outcome).toEqual({ inserted: 2, rejected: [{ line: 3, message: 'error 22P02' }, { line: 5, message: 'error 22P02' }] });
    expect(table.inserted).toEqual(['a\n', 'c\n']);
  });

  it('reports in line order when COPY names a later row first, and past the limit stops earlier without losing a report', async () => {
    const bad = new Set(['b\n', 'd\n']);
    const inserted: string[] = [];
    // Like a duplicate key found only when buffered rows are written: the last bad row is named first.
    const copy = async (csv: string) => {
      const records = splitCsvRecords(csv);
      const at = records.findLastIndex((record) => bad.has(record));
      if (at >= 0) throw refusal(at + 1);
      inserted.push(...records);
    };
    const all = await copySkippingRefusedRows('a\nb\nc\nd\ne\n', [2, 3, 4, 5, 6], copy, options);
    expect(all).toEqual({ inserted: 3, rejected: [{ line: 3, message: 'error 22P02' }, { line: 5, message: 'error 22P02' }] });
    inserted.length = 0;
    const stopped = await copySkippingRefusedRows('a\nb\nc\nd\ne\n', [2, 3, 4, 5, 6], copy, { ...options, stopAfter: 1 });
    expect(stopped).toEqual({ inserted: 1, rejected: [{ line: 5, message: 'error 22P02' }] });
    expect(inserted).toEqual(['a\n']);
  });
});
