// @vitest-environment jsdom
// The CSV import's fast path (src/domain/table-editor/csv-raw.ts) against the parsing path it replaces where it can:
// for any file, what COPY reads from the worker's batches — the rows, their values and NULLs, their line numbers —
// and the lines reported as refused are the same as what the papaparse-only worker (before issue 15's fast path)
// sent. Files are generated well formed and malformed (stray quotes, mixed line ends, blank rows, `\.`, wrong widths),
// read by the worker in steps of a few bytes so that records cross chunk boundaries.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvRecord, dataRowLine, splitCsvRecords, type LineError } from '../domain/table-editor/csv.ts';
import { scanRawCsv } from '../domain/table-editor/csv-raw.ts';
import type { FromWorker } from './csv-import.protocol.ts';
import { fakeCsvWorker } from './csv-import.worker.fake.ts';
import { isBlank } from './csv-import.worker.ts';

type Row = { line: number; values: Array<string | null> };
interface Outcome {
  rows: Row[];
  rejected: LineError[];
  /** Batches whose records were the file's bytes. */
  raw: number;
}

/**
 * One record as COPY (FORMAT csv, FORCE_NULL on every column) reads it: values split at delimiters outside quotes,
 * a quoted value unescaped, an empty value (quoted or not) NULL.
 */
function copyReads(record: string, delimiter: string): Array<string | null> {
  const body = record.endsWith('\r\n') ? record.slice(0, -2) : record.endsWith('\n') ? record.slice(0, -1) : record;
  const values: Array<string | null> = [];
  let value = '';
  let quoted = false;
  for (let index = 0; index <= body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        value += '"';
        index++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === undefined || char === delimiter) {
      values.push(value === '' ? null : value);
      value = '';
    } else if (char === '"') quoted = true;
    else value += char;
  }
  return values;
}

/** What the worker hands over, read as COPY reads it. */
async function runWorker(text: string, header: boolean, mapping: string[], rawChunkBytes: number): Promise<Outcome> {
  const { received, send, next } = fakeCsvWorker({ rawChunkBytes });
  const file = new File([text], 'gen.csv');
  send({ type: 'start', file, header, mapping, jsonColumns: [], batchSize: 7 });
  // Asks for one batch at a time until the end came (it comes with the last batch's parse, asked for or not).
  const answer = (m: FromWorker) => m.type === 'batch' || m.type === 'end' || m.type === 'error';
  while (!received.some((m) => m.type === 'end' || m.type === 'error')) {
    const from = received.length;
    send({ type: 'next' });
    await next(from, answer, 10_000);
  }
  const failure = received.find((m) => m.type === 'error');
  if (failure?.type === 'error') throw new Error(failure.message);
  const batches = received.flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
  // The progress the page shows never goes back, across the hand-over to papaparse too.
  const read = batches.map((batch) => batch.bytesRead);
  expect(read).toEqual([...read].sort((a, b) => a - b));
  const rows: Row[] = [];
  let raw = 0;
  for (const batch of batches) {
    const records = splitCsvRecords(await batch.csv.text());
    expect(records).toHaveLength(batch.lines.length);
    // COPY refuses a batch whose line ends are mixed.
    const crlf = records.map((record) => record.endsWith('\r\n'));
    expect(new Set(crlf.slice(0, records.at(-1)?.endsWith('\n') ? undefined : -1)).size).toBeLessThanOrEqual(1);
    if (batch.delimiter || crlf[0]) raw++;
    records.forEach((record, index) => rows.push({ line: batch.lines[index]!, values: copyReads(record, batch.delimiter ?? ',') }));
  }
  const rejected = received.flatMap((m) => (m.type === 'rejected' ? m.errors : []));
  return { rows, rejected, raw };
}

/**
 * The worker's parsing path (all it had before the fast path): papaparse reads the whole file with the delimiter and
 * line end it guesses from the start, and each row is written back by csvRecord.
 */
function parsingPath(text: string, header: boolean, mapping: string[]): Omit<Outcome, 'raw'> {
  const body = text.replace(/^\uFEFF/, '');
  const guess = Papa.parse<string[]>(body, { preview: 1, skipEmptyLines: true }).meta;
  const results = Papa.parse<string[]>(body, { delimiter: guess.delimiter, newline: guess.linebreak as '\n', skipEmptyLines: false });
  const badRows = new Map<number, string>();
  for (const error of results.errors) if (typeof error.row === 'number') badRows.set(error.row, error.message);
  const rows: Row[] = [];
  const rejected: LineError[] = [];
  let recordIndex = 0;
  let width = -1;
  results.data.forEach((row, indexInChunk) => {
    if (isBlank(row)) return;
    const index = recordIndex++;
    if (index === 0) {
      width = row.length;
      if (header) return;
    }
    const line = dataRowLine(header ? index - 1 : index, header);
    const problem = badRows.get(indexInChunk) ?? (row.length !== width ? `Expected ${width} values, found ${row.length}` : undefined);
    if (problem) rejected.push({ line, message: problem });
    else rows.push({ line, values: copyReads(csvRecord(row, mapping, new Set()), ',') });
  });
  return { rows, rejected };
}

/** The mapping the console proposes: every column of the preview's first row, to a table column of its own. */
const identityMapping = (text: string): string[] => {
  const first = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', preview: 1 }).data[0] ?? [''];
  return first.map((_, index) => `c${index}`);
};

const cell = fc.oneof(
  fc.constantFrom('', 'a', 'bé', '12', ' x ', '\\N', 'ü', '漢'),
  fc.string({ unit: fc.constantFrom('a', ' ', '"', ',', ';', '\t', '\n', '\r', 'é', '\u00a0', '\\', '.'), maxLength: 6 }).map((s) => `"${s.replaceAll('"', '""')}"`),
);
/** Well-formed files, with now and then one of the things the fast path leaves to papaparse. */
const wellFormed = fc
  .record({
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    newline: fc.constantFrom('\n', '\r\n'),
    width: fc.integer({ min: 1, max: 4 }),
    rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 30 }),
    odd: fc.array(
      fc.record({ at: fc.nat(), text: fc.constantFrom('', ' ', '  ,  ', '\\.', 'a"b', '"a"b', '"open', '\r', '\u00a0', '""', 'x\ry') }),
      { maxLength: 2 },
    ),
    bom: fc.boolean(),
    lastNewline: fc.boolean(),
  })
  .map(({ delimiter, newline, width, rows, odd, bom, lastNewline }) => {
    // Mostly the header's width; a row of another width now and then.
    const lines = rows.map((row, index) => (index % 5 === 3 ? row : Array.from({ length: width }, (_, i) => row[i % row.length]!)).join(delimiter));
    for (const { at, text } of odd) lines.splice(at % (lines.length + 1), 0, text);
    return (bom ? '\uFEFF' : '') + lines.join(newline) + (lastNewline ? newline : '');
  });
const anyText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', ';', '"', '\n', '\r', 'é', '\\', '.'), maxLength: 80 });

describe('csv import fast path', () => {
  it('sends what the parsing path sent, read as COPY reads it: same rows, values, NULLs, lines and refusals', async () => {
    let rawBatches = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(wellFormed, wellFormed, anyText), fc.boolean(), fc.integer({ min: 1, max: 64 }), async (text, header, chunk) => {
        fc.pre(text.replace(/^\uFEFF/, '').trim() !== '');
        const mapping = identityMapping(text);
        const expected = parsingPath(text, header, mapping);
        const actual = await runWorker(text, header, mapping, chunk);
        rawBatches += actual.raw;
        expect({ rows: actual.rows, rejected: [...actual.rejected].sort((a, b) => a.line - b.line) }).toEqual({
          rows: expected.rows,
          rejected: [...expected.rejected].sort((a, b) => a.line - b.line),
        });
      }),
      { numRuns: 300 },
    );
    // The property holds on the fast path, not only where it gives up.
    expect(rawBatches).toBeGreaterThan(50);
  }, 120_000);

  it('sends a semicolon file with CRLF line ends as it is: its delimiter on the batch, "" left for COPY to read as NULL', async () => {
    const text = 'id;name\r\n1;""\r\n2;"a;b"\r\n';
    const outcome = await runWorker(text, true, ['id', 'name'], 1024);
    expect(outcome.raw).toBe(1);
    expect(outcome.rows).toEqual([
      { line: 2, values: ['1', null] },
      { line: 3, values: ['2', 'a;b'] },
    ]);
  });

  it('hands over to papaparse at the first record it cannot vouch for, and not before', async () => {
    const text = 'id,name\n1,a\n2,b\n3,x"y\n4,d\n';
    const outcome = await runWorker(text, true, ['id', 'name'], 1024);
    expect(outcome.rows.map((row) => row.values)).toEqual([['1', 'a'], ['2', 'b'], ['3', 'x"y'], ['4', 'd']]);
    expect(outcome.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
  });

  it('leaves a file whose bytes are not UTF-8 to papaparse (which reads U+FFFD where COPY would refuse the row)', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('id,name\n1,a\n2,'), 0xff, 0x0a]);
    const { received, send } = fakeCsvWorker({ rawChunkBytes: 4 });
    send({ type: 'start', file: new File([bytes], 'x.csv'), header: true, mapping: ['id', 'name'], jsonColumns: [], batchSize: 10 });
    send({ type: 'next' });
    send({ type: 'next' });
    await expect.poll(() => received.some((m) => m.type === 'end'), { timeout: 5000 }).toBe(true);
    const text = (await Promise.all(received.flatMap((m) => (m.type === 'batch' ? [m.batch.csv.text()] : [])))).join('');
    expect(text).toBe('1,a\n2,\uFFFD\n');
  });

  it('shows progress that never goes back when papaparse takes over from the fast path further into the file', async () => {
    // 40 raw records in 64-byte steps, then a record longer than a step whose stray quote comes late: a batch is cut
    // while the fast path has read past the record's start, then papaparse takes over at that start and reads on in
    // 4-byte steps. Counting from there, as it once did, lowered the progress (384 -> 268 here).
    const text = `id,name\n${Array.from({ length: 40 }, (_, i) => `${i},n${i}`).join('\n')}\n41,${'x'.repeat(150)}"y\n${Array.from({ length: 40 }, (_, i) => `${i + 42},m`).join('\n')}\n`;
    const { received, send, next } = fakeCsvWorker({ rawChunkBytes: 64, parseChunkBytes: 4 });
    send({ type: 'start', file: new File([text], 'p.csv'), header: true, mapping: ['id', 'name'], jsonColumns: [], batchSize: 5 });
    while (!received.some((m) => m.type === 'end' || m.type === 'error')) {
      const from = received.length;
      send({ type: 'next' });
      await next(from, (m) => m.type === 'batch' || m.type === 'end' || m.type === 'error', 10_000);
    }
    const read = received.flatMap((m) => (m.type === 'batch' ? [m.batch.bytesRead] : []));
    expect(read.length).toBeGreaterThan(10);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    const lines = received.flatMap((m) => (m.type === 'batch' ? m.batch.lines : []));
    expect(lines).toEqual(Array.from({ length: 81 }, (_, i) => i + 2));
  });
});

describe('scanRawCsv', () => {
  const scan = (text: string, final = true, delimiter: ',' | ';' = ',', crlf = false) => {
    const records: Array<[string, number]> = [];
    const bytes = new TextEncoder().encode(text);
    const result = scanRawCsv(bytes, 0, final, { delimiter, crlf }, (start, end, values) =>
      records.push([new TextDecoder().decode(bytes.subarray(start, end)), values]),
    );
    return { records, ...result };
  };

  it('finds records and counts their values, quoted delimiters and line ends included', () => {
    expect(scan('a,b\n"x,\n""y",2\n\n3,\n')).toEqual({ records: [['a,b\n', 2], ['"x,\n""y",2\n', 2], ['3,\n', 2]], next: 19, bail: false });
  });

  it('leaves a record cut off by the end of the chunk for the next one, unless the file ends there', () => {
    expect(scan('a,b\n"x\n', false)).toEqual({ records: [['a,b\n', 2]], next: 4, bail: false });
    expect(scan('a,b\nc,d', false)).toEqual({ records: [['a,b\n', 2]], next: 4, bail: false });
    expect(scan('a,b\nc,d', true)).toEqual({ records: [['a,b\n', 2], ['c,d', 2]], next: 7, bail: false });
    // A closing quote at the end of a chunk: a doubled quote may follow.
    expect(scan('"a"', false)).toEqual({ records: [], next: 0, bail: false });
  });

  it('bails at a stray quote, a mixed line end, a blank record, `\\.` and an open quote at the end', () => {
    for (const [text, crlf] of [
      ['a,b\nx"y,1\n', false],
      ['a,b\n"x"y,1\n', false],
      ['a,b\nx\ry\n', false],
      ['a,b\r\nx\ny\r\n', true],
      ['a,b\n , \n', false],
      ['a,b\n\u00a0\n', false],
      ['a,b\n\\.\n', false],
      ['a,b\n"open\n', false],
    ] as const) {
      const result = scan(text, true, ',', crlf);
      expect(result, JSON.stringify(text)).toMatchObject({ records: [[crlf ? 'a,b\r\n' : 'a,b\n', 2]], bail: true, next: crlf ? 5 : 4 });
    }
  });
});
