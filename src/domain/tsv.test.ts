import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTsv, writeTsv } from './tsv.ts';

describe('parseTsv', () => {
  it('splits tabs and lines, LF or CRLF, a trailing line break starting no row', () => {
    expect(parseTsv('a\tb\nc\td\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseTsv('a\t\tc')).toEqual([['a', '', 'c']]);
    expect(parseTsv('')).toEqual([]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes inside (what Excel/Sheets copy)', () => {
    expect(parseTsv('"a\tb"\t"line 1\r\nline 2"\n"say ""hi"""\tx\n')).toEqual([
      ['a\tb', 'line 1\r\nline 2'],
      ['say "hi"', 'x'],
    ]);
  });

  it('keeps a quote that does not open a well-formed quoted cell', () => {
    expect(parseTsv('5" pipe\t"6" inch')).toEqual([['5" pipe', '"6" inch']]);
  });

  it('keeps an empty last cell of a line', () => {
    expect(parseTsv('a\t\nb\t')).toEqual([['a', ''], ['b', '']]);
  });
});

describe('writeTsv ∘ parseTsv', () => {
  const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\t', '\n', '\r', '"', 'é', '😀') });
  // Blocks as spreadsheets make them: rectangular, at least one cell.
  const block = fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 }))
    .chain(([rows, columns]) => fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows }));

  it('round-trips any block of cells', () => {
    fc.assert(fc.property(block, (rows) => {
      expect(parseTsv(writeTsv(rows))).toEqual(rows);
    }), { numRuns: 500 });
  });

  it('round-trips with CRLF line ends and a trailing line break', () => {
    fc.assert(
      fc.property(block, (rows) => {
        // Only the line breaks between rows become CRLF: the ones inside quoted cells are the cells' own.
        const text = rows.map((row) => writeTsv([row])).join('\r\n') + '\r\n';
        expect(parseTsv(text)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});
