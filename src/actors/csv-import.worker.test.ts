// @vitest-environment jsdom
// The CSV parser worker on a fake worker scope: a file of several papaparse chunks is handed over batch by batch,
// only when asked; every line is either in a batch (with its line number) or reported; nothing is lost at chunk
// boundaries.
import { describe, expect, it } from 'vitest';
import type { CsvBatch } from '../../machines/csv-import.machine.ts';
import { CSV_BATCH_MAX_CHARS, splitCsvRecords, type LineError } from '../domain/table-editor/csv.ts';
import { fakeCsvWorker } from './csv-import.worker.fake.ts';
import { isBlank } from './csv-import.worker.ts';

const fakeWorker = () => fakeCsvWorker();

describe('csv import worker', () => {
  it('previews the first rows, without a byte-order mark', async () => {
    const worker = fakeWorker();
    worker.send({ type: 'preview', file: new File(['\uFEFFa,b\n1,2\n3,4\n5,6\n'], 'x.csv'), rows: 3 });
    expect(await worker.next(0, (m) => m.type === 'preview')).toEqual({ type: 'preview', rows: [['a', 'b'], ['1', '2'], ['3', '4']] });
  });

  it('hands over batches only when asked, across chunks, with every line accounted for', async () => {
    const ROWS = 40_000;
    const lines = ['id,name,meta'];
    for (let i = 1; i <= ROWS; i++) {
      if (i === 7) lines.push('7,"two\nlines",{}'); // one record over two physical lines
      else if (i === 30_000) lines.push('30000,too,many,values');
      else lines.push(`${i},"name ${'x'.repeat(20)} ${i}","{""n"":${i}}"`);
    }
    const file = new File([lines.join('\n') + '\n'], 'big.csv');
    expect(file.size).toBeGreaterThan(1.5 * 1024 * 1024); // two papaparse chunks at least
    const worker = fakeWorker();
    worker.send({ type: 'start', file, header: true, mapping: ['id', null, 'meta'], jsonColumns: ['meta'], batchSize: 5000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(worker.received.filter((m) => m.type === 'batch')).toHaveLength(0); // nothing asked, nothing sent

    const batches: CsvBatch[] = [];
    const rejected: LineError[] = [];
    let lastBytes = 0;
    // The end comes with the last batch's parse, asked for or not.
    while (!worker.received.some((m) => m.type === 'end')) {
      const from = worker.received.length;
      worker.send({ type: 'next' });
      const message = await worker.next(from, (m) => m.type === 'batch' || m.type === 'end' || m.type === 'error');
      if (message.type !== 'batch') {
        expect(message).toEqual({ type: 'end', bytesRead: file.size });
        break;
      }
      expect(message.batch.lines.length).toBeLessThanOrEqual(5000);
      expect(message.batch.bytesRead).toBeGreaterThanOrEqual(lastBytes);
      lastBytes = message.batch.bytesRead;
      batches.push(message.batch);
    }
    for (const m of worker.received) if (m.type === 'rejected') rejected.push(...m.errors);
    expect(rejected).toEqual([{ line: 30_001, message: 'Expected 3 values, found 4' }]);
    // Each batch is the CSV the platform copies: the mapped columns (id, meta) only, JSON left as JSON.
    const texts = await Promise.all(batches.map((batch) => batch.csv.text()));
    const rows = texts.flatMap((text) => splitCsvRecords(text));
    const rowLines = batches.flatMap((batch) => batch.lines);
    expect(rows).toHaveLength(ROWS - 1);
    expect(batches.every((batch, index) => splitCsvRecords(texts[index]!).length === batch.lines.length)).toBe(true);
    expect(rows[0]).toBe('1,"{""n"":1}"\n');
    expect(rows[6]).toBe('7,{}\n');
    expect(rowLines.slice(0, 8)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    // Lines count records: the header is line 1, record i is line i + 1 (the bad one left out).
    expect(rowLines).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2).filter((line) => line !== 30_001));
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(ROWS - 1);
  }, 60_000);

  it('cuts a batch before it passes CSV_BATCH_MAX_CHARS when rows grow longer than the preview said', async () => {
    const long = 'y'.repeat(4000);
    const lines = ['id,name', ...Array.from({ length: 3000 }, (_, i) => `${i},${long}`)];
    const file = new File([lines.join('\n') + '\n'], 'long.csv');
    const worker = fakeWorker();
    worker.send({ type: 'start', file, header: true, mapping: ['id', 'name'], jsonColumns: [], batchSize: 100_000 });
    const batches: CsvBatch[] = [];
    while (!worker.received.some((m) => m.type === 'end')) {
      const from = worker.received.length;
      worker.send({ type: 'next' });
      const message = await worker.next(from, (m) => m.type === 'batch' || m.type === 'end' || m.type === 'error');
      if (message.type !== 'batch') break;
      batches.push(message.batch);
    }
    expect(batches.length).toBeGreaterThanOrEqual(3);
    // ASCII here: bytes are characters.
    for (const batch of batches) expect(batch.csv.size).toBeLessThanOrEqual(CSV_BATCH_MAX_CHARS);
    expect(batches.reduce((sum, batch) => sum + batch.lines.length, 0)).toBe(3000);
  }, 60_000);

  it('reports a bad row after an empty line as that row, not the one before it (papaparse counts the rows it skips)', async () => {
    // Before: papaparse skipped the empty line itself and its error named the row as if it had not, so the row with
    // the open quote (the rest of the file as its value) went in and the good row before the error was not checked.
    // A semicolon and a skipped column keep it on the parsing path (the fast path is csv-import.fast-path.test.ts).
    const file = new File(['id;name;x\n1;a;x\n\n2;"open;x\n3;c;x\n'], 'bad.csv');
    const worker = fakeWorker();
    worker.send({ type: 'start', file, header: true, mapping: ['id', 'name', null], jsonColumns: [], batchSize: 100 });
    worker.send({ type: 'next' });
    await worker.next(0, (m) => m.type === 'end');
    const batches = worker.received.flatMap((m) => (m.type === 'batch' ? [m.batch] : []));
    expect(await Promise.all(batches.map((batch) => batch.csv.text()))).toEqual(['1,a\n']);
    expect(worker.received.filter((m) => m.type === 'rejected').flatMap((m) => (m.type === 'rejected' ? m.errors : []))).toEqual([
      { line: 3, message: 'Quoted field unterminated' },
    ]);
  });

  it('skips rows of nothing but white space as papaparse greedy did, without counting them as lines', async () => {
    for (const row of [[''], ['', ''], ['  ', '\t'], ['\u00a0'], [' ', '']]) expect(isBlank(row), JSON.stringify(row)).toBe(true);
    for (const row of [['a'], ['', 'x'], [' ', 'x'], ['\u00a0x'], ['0']]) expect(isBlank(row), JSON.stringify(row)).toBe(false);
    const file = new File(['id,name\n1,a\n,\n  ,  \n\n2,b\n'], 'blank.csv');
    const worker = fakeWorker();
    worker.send({ type: 'start', file, header: true, mapping: ['id', 'name'], jsonColumns: [], batchSize: 100 });
    worker.send({ type: 'next' });
    const message = await worker.next(0, (m) => m.type === 'batch');
    if (message.type !== 'batch') throw new Error('no batch');
    expect(await message.batch.csv.text()).toBe('1,a\n2,b\n');
    expect(message.batch.lines).toEqual([2, 3]);
    expect(worker.received.filter((m) => m.type === 'rejected')).toEqual([]);
  });
});
