import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import {
  completionNamespace,
  errorRange,
  explainSql,
  parsePreferences,
  parseProjectPreferences,
  resultsToCsv,
  resultsToTsv,
  sortSnippets,
  sqlToRun,
} from './sql-editor.ts';

describe('SQL editor rules', () => {
  it('runs the selection when there is one, else everything', () => {
    expect(sqlToRun('select 1; select 2', { from: 10, to: 18 })).toEqual({ sql: 'select 2', offset: 10 });
    expect(sqlToRun('select 1', { from: 3, to: 3 })).toEqual({ sql: 'select 1', offset: 0 });
    expect(sqlToRun('select 1;   ', { from: 9, to: 12 })).toEqual({ sql: 'select 1;   ', offset: 0 });
    expect(sqlToRun('select 1', null)).toEqual({ sql: 'select 1', offset: 0 });
  });

  it('marks the word at Postgres’s 1-based character position, counting code points, inside a selection', () => {
    const text = 'select 1;\nselect * from nope';
    expect(errorRange(text, 0, 25)).toEqual({ from: 24, to: 28 });
    expect(errorRange(text, 10, 15)).toEqual({ from: 24, to: 28 });
    // '😀' is one character for Postgres, two UTF-16 units here.
    expect(errorRange("select '😀' frm x", 0, 12)).toEqual({ from: 12, to: 15 });
    expect(errorRange('x', 0, 0)).toBeNull();
  });

  it('explains without running, dropping a trailing semicolon', () => {
    expect(explainSql(' select 1;  ')).toBe('explain (format text, verbose) select 1');
  });

  it('property: CSV export parses back to the same cells', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean());
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 20 }), (pairs) => {
        const rows = pairs.map(([a, b]) => ({ a, 'b,"c"': b }));
        const parsed = Papa.parse<string[]>(resultsToCsv(rows), { skipEmptyLines: false }).data.slice(0, rows.length + 1);
        expect(parsed[0]).toEqual(['a', 'b,"c"']);
        rows.forEach((row, i) => expect(parsed[i + 1]).toEqual([row.a === null ? '' : String(row.a), row['b,"c"'] === null ? '' : String(row['b,"c"'])]));
      }),
    );
    expect(resultsToTsv([{ a: 'x\ty', b: { k: 1 } }])).toBe('a\tb\nx y\t{"k":1}');
  });

  it('sorts snippets by name or newest first', () => {
    const snippets = [
      { name: 'b', inserted_at: '2026-01-02', updated_at: '2026-01-03' },
      { name: 'A', inserted_at: '2026-01-03', updated_at: '2026-01-01' },
    ];
    expect(sortSnippets(snippets, 'name').map((s) => s.name)).toEqual(['A', 'b']);
    expect(sortSnippets(snippets, 'inserted_at').map((s) => s.name)).toEqual(['A', 'b']);
    expect(sortSnippets(snippets, 'updated_at').map((s) => s.name)).toEqual(['b', 'A']);
  });

  it('builds the completion namespace and reads damaged preferences as defaults', () => {
    expect(completionNamespace([{ schema: 'public', table: 't', name: 'a' }, { schema: 'public', table: 't', name: 'b' }])).toEqual({
      public: { t: ['a', 'b'] },
    });
    expect(parsePreferences('nope')).toEqual({ intellisense: true, splitSize: 0.5, aiPanelOpen: false });
    expect(parsePreferences('{"splitSize": 3, "intellisense": false}')).toMatchObject({ splitSize: 0.8, intellisense: false });
    expect(parseProjectPreferences('{"sort":"x","lastSchema":"","sections":{"a":true,"b":1}}')).toMatchObject({
      sort: 'updated_at', lastSchema: 'public', sections: { a: true },
    });
  });
});
