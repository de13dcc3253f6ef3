import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultColumns, resultsToCsv } from './sql-editor.ts';
import { chartSeries, resultsToMarkdown } from './sql-results.ts';

/** An RFC 4180 reader, written here only to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else field += text[i++];
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else field += text[i++];
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

// Text full of what CSV must quote: commas, quotes, both line breaks, edge white space.
const tricky = fc.string({ unit: fc.constantFrom('a', 'Z', ',', '"', '\n', '\r', ' ', '\t', ';', 'é', '😀') });
const cell = fc.oneof(tricky, fc.constant(null), fc.integer(), fc.boolean(), fc.dictionary(fc.string({ maxLength: 3 }), tricky, { maxKeys: 2 }));

describe('CSV export', () => {
  it('reads back as the same header and cells (a property over quoted text)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(tricky.filter((s) => s.length > 0), { minLength: 1, maxLength: 4 }), fc.array(fc.array(cell, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (names, cells) => {
        const rows = cells.map((values) => Object.fromEntries(names.map((name, index) => [name, values[index]])));
        const columns = resultColumns(rows);
        const parsed = parseCsv(resultsToCsv(rows));
        expect(parsed[0]).toEqual(columns);
        const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
        expect(parsed.slice(1)).toEqual(rows.map((row) => columns.map((column) => text(row[column]))));
      }),
    );
  });
});

describe('Markdown export', () => {
  it('writes a table whose cells cannot break out of their column or row', () => {
    const markdown = resultsToMarkdown([{ name: 'a|b', note: 'line 1\nline 2' }, { name: null, note: 'back\\slash' }]);
    expect(markdown).toBe('| name | note |\n| --- | --- |\n| a\\|b | line 1<br>line 2 |\n|  | back\\\\slash |\n');
  });
  it('every row has as many cells as the header (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(tricky, tricky), { minLength: 1, maxLength: 5 }), (pairs) => {
        const lines = resultsToMarkdown(pairs.map(([a, b]) => ({ a, b }))).trimEnd().split('\n');
        expect(lines).toHaveLength(pairs.length + 2);
        for (const line of lines) expect(line.split(/(?<!\\)\|/).length).toBe(4);
      }),
    );
  });
  it('an empty result is an empty file', () => expect(resultsToMarkdown([])).toBe(''));
});

describe('chartSeries', () => {
  it('charts two numeric columns, numeric strings included, nulls left out', () => {
    expect(chartSeries([{ day: 1, total: '10.5' }, { day: 2, total: null }, { day: '3', total: 7 }])).toEqual({
      x: 'day',
      y: 'total',
      points: [{ x: 1, y: 10.5 }, { x: 3, y: 7 }],
    });
  });
  it('does not chart text, other column counts or a single point', () => {
    expect(chartSeries([{ a: 'x', b: 1 }, { a: 'y', b: 2 }])).toBeNull();
    expect(chartSeries([{ a: 1, b: 2, c: 3 }, { a: 1, b: 2, c: 3 }])).toBeNull();
    expect(chartSeries([{ a: 1 }, { a: 2 }])).toBeNull();
    expect(chartSeries([{ a: 1, b: 2 }])).toBeNull();
    expect(chartSeries([{ a: 1, b: '1e999' }, { a: 2, b: 3 }])).toBeNull();
  });
});
