// The CSV import's parser, off the main thread (issue 6): papaparse reads the File a chunk at a time and pauses
// after each chunk; rows are written back as CSV of the mapped columns (what the platform's COPY reads, issue 15),
// cut into batches and handed over only when the page asks for the next one (one more batch is parsed ahead), so
// however big the file, only a chunk and a batch or two are held.
import Papa from 'papaparse';
import { CSV_BATCH_MAX_CHARS, CSV_FIRST_BATCH_CHARS, csvRecord, dataRowLine, type LineError } from '../domain/table-editor/csv.ts';
import type { FromWorker, ToWorker } from './csv-import.protocol.ts';

/** Bytes papaparse reads per step: small enough to stay flat, big enough to be fast. */
const CHUNK_BYTES = 1024 * 1024;

/** The worker's global scope, as far as the parser uses it (a fake one in view tests). */
export interface CsvWorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

/**
 * A row with nothing but white space (papaparse's 'greedy' test, `row.join('').trim() === ''`), answered at once
 * for the usual row whose first value starts with a visible ASCII character.
 */
export function isBlank(row: readonly string[]): boolean {
  const first = row[0]?.charCodeAt(0) ?? 0;
  if (first > 32 && first < 127) return false;
  return row.join('').trim() === '';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function preview(post: (message: FromWorker) => void, file: File, rows: number): void {
  Papa.parse<string[]>(file, {
    preview: rows,
    skipEmptyLines: 'greedy',
    chunkSize: 256 * 1024,
    complete: (results) => post({ type: 'preview', rows: stripBom(results.data) }),
    error: (error) => post({ type: 'error', message: messageOf(error) }),
  });
}

const stripBom = (rows: string[][]) => {
  if (rows[0]?.[0] !== undefined) rows[0][0] = rows[0][0].replace(/^\uFEFF/, '');
  return rows;
};

function start(scope: CsvWorkerScope, message: Extract<ToWorker, { type: 'start' }>): void {
  const post = (out: FromWorker) => scope.postMessage(out);
  const jsonColumns = new Set(message.jsonColumns);
  const encoder = new TextEncoder();
  const queue: string[] = [];
  const queueLines: number[] = [];
  let requested = 0;
  let finished = false;
  let endSent = false;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let bytesRead = 0;
  let recordIndex = 0; // records of the file seen so far, header included
  let width = -1; // values per row: the header's (or the first row's) count

  let queuedChars = 0;
  const queueChars: number[] = [];
  let batchesCut = 0;
  // The first batches are small and double up to the cap: the platform starts copying after a few milliseconds
  // of parsing instead of waiting for a whole batch, and parsing and copying overlap from then on.
  const capChars = () => Math.min(CSV_BATCH_MAX_CHARS, CSV_FIRST_BATCH_CHARS * 2 ** batchesCut);

  /** Rows of the next batch: batchSize, or fewer when they would pass the cap (long rows later on). */
  const batchCount = (): number => {
    let chars = 0;
    for (let index = 0; index < queue.length && index < message.batchSize; index++) {
      chars += queueChars[index]!;
      if (chars > capChars()) return Math.max(1, index);
    }
    return Math.min(queue.length, message.batchSize);
  };
  const full = () => queue.length >= message.batchSize || queuedChars > capChars();

  const cut = (count: number) => {
    const rows = queue.splice(0, count);
    const lines = queueLines.splice(0, count);
    for (const chars of queueChars.splice(0, count)) queuedChars -= chars;
    batchesCut++;
    // Encoded here, off the page's thread, and transferred rather than copied: the page sends the bytes as they are.
    const csv = encoder.encode(rows.join(''));
    scope.postMessage({ type: 'batch', batch: { csv, lines, bytesRead } }, [csv.buffer]);
  };

  const pump = () => {
    while (requested > 0 && (full() || (finished && queue.length > 0))) {
      requested--;
      cut(batchCount());
    }
    if (finished) {
      if (queue.length === 0 && !endSent) {
        endSent = true;
        post({ type: 'end', bytesRead: message.file.size });
      }
    } else if ((requested > 0 || queuedChars < capChars()) && paused && parser) {
      // Parses one batch ahead of what was asked for: copying and parsing run side by side, and the next batch is
      // ready the moment it is asked for. Still bounded: one batch queued here at most.
      paused = false;
      parser.resume();
    }
  };

  scope.onmessage = (event) => {
    if (event.data.type !== 'next') return;
    requested++;
    pump();
  };

  Papa.parse<string[]>(message.file, {
    chunkSize: CHUNK_BYTES,
    // Blank rows are skipped as papaparse's 'greedy' would, but by isBlank: 'greedy' joins and trims every row.
    skipEmptyLines: true,
    chunk(results, chunkParser) {
      parser = chunkParser;
      chunkParser.pause();
      paused = true;
      bytesRead = Math.min(message.file.size, bytesRead + CHUNK_BYTES);
      const badRows = new Map<number, string>();
      for (const error of results.errors) if (typeof error.row === 'number') badRows.set(error.row, error.message);
      const rejected: LineError[] = [];
      results.data.forEach((row, indexInChunk) => {
        if (isBlank(row)) return;
        const index = recordIndex++;
        if (index === 0) {
          width = row.length;
          if (message.header) return;
        }
        const line = dataRowLine(message.header ? index - 1 : index, message.header);
        const problem = badRows.get(indexInChunk) ?? (row.length !== width ? `Expected ${width} values, found ${row.length}` : undefined);
        if (problem) rejected.push({ line, message: problem });
        else {
          const record = csvRecord(row, message.mapping, jsonColumns);
          queue.push(record);
          queueChars.push(record.length);
          queuedChars += record.length;
          queueLines.push(line);
        }
      });
      if (rejected.length) post({ type: 'rejected', errors: rejected });
      pump();
    },
    complete() {
      finished = true;
      pump();
    },
    error(error) {
      post({ type: 'error', message: `The file could not be read: ${messageOf(error)}` });
    },
  });
}

/** Installs the parser's message handler on a worker scope. */
export function attachCsvWorker(scope: CsvWorkerScope): void {
  const post = (message: FromWorker) => scope.postMessage(message);
  scope.onmessage = (event) => {
    try {
      if (event.data.type === 'preview') preview(post, event.data.file, event.data.rows);
      else if (event.data.type === 'start') start(scope, event.data);
    } catch (error) {
      post({ type: 'error', message: messageOf(error) });
    }
  };
}

// In a real worker `self` has no document: install the handler there (a view test installs it on a fake scope).
if (typeof document === 'undefined') attachCsvWorker(self as unknown as CsvWorkerScope);
