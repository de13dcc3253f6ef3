// The CSV import's reader, off the main thread (issue 6): the File is read a chunk at a time and paused after each
// chunk; records are cut into batches and handed over only when the page asks for the next one (one more batch is
// read ahead), so however big the file, only a chunk and a batch or two are held. When the file's columns go to
// table columns one for one, a batch is ranges of the file itself (the fast path, issue 15); otherwise papaparse
// parses the rows and they are written back as CSV of the mapped columns (what the platform's COPY reads).
import Papa from 'papaparse';
import type { CsvBatch } from '../../machines/csv-import.machine.ts';
import { CSV_BATCH_MAX_CHARS, CSV_FIRST_BATCH_CHARS, csvRecord, dataRowLine, type LineError } from '../domain/table-editor/csv.ts';
import { byteOrderMarkLength, rawCsvFormat, scanRawCsv, type RawCsvFormat } from '../domain/table-editor/csv-raw.ts';
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

/** Bytes the fast path reads from the file per step. */
const RAW_CHUNK_BYTES = 1024 * 1024;

/**
 * The delimiter and line end papaparse guesses for the file, from the same first chunk its own reader starts with
 * (it guesses once, on the first chunk, and keeps them for the rest).
 */
async function guessFormat(file: File): Promise<{ delimiter: string; linebreak: string }> {
  const text = await file.slice(0, CHUNK_BYTES).text();
  // The options its guess depends on are the import's (skipEmptyLines changes the delimiter guess).
  const { meta } = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: true });
  return { delimiter: meta.delimiter, linebreak: meta.linebreak };
}

/**
 * The batches of an import. Records come from the fast path (the file's bytes, src/domain/table-editor/csv-raw.ts)
 * as long as the scanner can vouch for them, then from papaparse (each row written back by csvRecord) from the first
 * record it cannot, to the end. Both keep the same rules: the header skipped, blank rows skipped without counting,
 * a row of the wrong width reported by line and left out.
 */
function start(scope: CsvWorkerScope, message: Extract<ToWorker, { type: 'start' }>, rawChunkBytes: number, parseChunkBytes: number): void {
  const post = (out: FromWorker) => scope.postMessage(out);
  const { file } = message;
  const jsonColumns = new Set(message.jsonColumns);

  // The queue of records parsed ahead: a record is a range of the file (fast path: `queueText` null, the range's
  // offsets in `queueStart`/`queueEnd`) or a string of CSV (papaparse path). `queueKind` keeps records that COPY must
  // read with different options out of one batch: 0 for ',' with LF line ends (all written records, and raw ones of
  // such files), 1 for raw records of any other format.
  const queueText: Array<string | null> = [];
  const queueStart: number[] = [];
  const queueEnd: number[] = [];
  const queueLines: number[] = [];
  const queueSize: number[] = [];
  const queueKind: number[] = [];
  let queuedSize = 0;
  let rawFormat: RawCsvFormat | null = null;

  let requested = 0;
  let finished = false;
  let endSent = false;
  let failed = false;
  /** Produces more records (reads the next chunk) when the queue runs low; null while it is producing. */
  let resume: (() => void) | null = null;
  let bytesRead = 0;
  let recordIndex = 0; // records of the file seen so far, header included
  let width = -1; // values per row: the header's (or the first row's) count

  let batchesCut = 0;
  // The first batches are small and double up to the cap: the platform starts copying after a few milliseconds
  // of parsing instead of waiting for a whole batch, and parsing and copying overlap from then on.
  const capChars = () => Math.min(CSV_BATCH_MAX_CHARS, CSV_FIRST_BATCH_CHARS * 2 ** batchesCut);

  /** Rows of the next batch: batchSize, or fewer when they would pass the cap or change kind. */
  const batchCount = (): number => {
    let size = 0;
    const kind = queueKind[0];
    for (let index = 0; index < queueLines.length && index < message.batchSize; index++) {
      if (queueKind[index] !== kind) return index;
      size += queueSize[index]!;
      if (size > capChars()) return Math.max(1, index);
    }
    return Math.min(queueLines.length, message.batchSize);
  };
  const full = () => queueLines.length >= message.batchSize || queuedSize > capChars() || (queueKind.length > 0 && queueKind[queueKind.length - 1] !== queueKind[0]);

  const push = (text: string | null, from: number, to: number, line: number, kind: number) => {
    const size = text === null ? to - from : text.length;
    queueText.push(text);
    queueStart.push(from);
    queueEnd.push(to);
    queueLines.push(line);
    queueSize.push(size);
    queueKind.push(kind);
    queuedSize += size;
  };

  const cut = (count: number) => {
    const texts = queueText.splice(0, count);
    const starts = queueStart.splice(0, count);
    const ends = queueEnd.splice(0, count);
    const lines = queueLines.splice(0, count);
    const [kind] = queueKind.splice(0, count);
    for (const size of queueSize.splice(0, count)) queuedSize -= size;
    batchesCut++;
    // The batch is a Blob: ranges of the file itself (consecutive records as one slice) and runs of written records.
    // Nothing of the file is copied into it; posting it to the page, building the request and cloning it (ky does,
    // for retries) pass a handle, and the browser's network process reads the ranges from the file.
    const parts: Array<Blob | string> = [];
    for (let index = 0; index < count; ) {
      const text = texts[index];
      if (text !== null && text !== undefined) {
        let run = text;
        index++;
        while (index < count && texts[index] !== null) run += texts[index++]!;
        parts.push(run);
        continue;
      }
      const from = starts[index]!;
      let to = ends[index]!;
      index++;
      while (index < count && texts[index] === null && starts[index] === to) to = ends[index++]!;
      parts.push(file.slice(from, to));
    }
    const only = parts.length === 1 ? parts[0] : undefined;
    const csv = only instanceof Blob ? only : new Blob(parts, { type: 'text/csv' });
    const batch: CsvBatch = { csv, lines, bytesRead };
    if (kind === 1 && rawFormat && rawFormat.delimiter !== ',') batch.delimiter = rawFormat.delimiter;
    post({ type: 'batch', batch });
  };

  const pump = () => {
    if (failed) return;
    while (requested > 0 && (full() || (finished && queueLines.length > 0))) {
      requested--;
      cut(batchCount());
    }
    if (finished) {
      if (queueLines.length === 0 && !endSent) {
        endSent = true;
        post({ type: 'end', bytesRead: file.size });
      }
    } else if ((requested > 0 || queuedSize < capChars()) && resume) {
      // Parses one batch ahead of what was asked for: copying and parsing run side by side, and the next batch is
      // ready the moment it is asked for. Still bounded: one batch queued here at most.
      const next = resume;
      resume = null;
      next();
    }
  };

  const fail = (text: string) => {
    failed = true;
    post({ type: 'error', message: `The file could not be read: ${text}` });
  };

  scope.onmessage = (event) => {
    if (event.data.type !== 'next') return;
    requested++;
    pump();
  };

  /** The papaparse path, from byte `offset` (a record's start) to the end of the file. */
  const parseFrom = (offset: number, format: { delimiter: string; newline: string }) => {
    // Progress never goes back: the fast path may have read past `offset` already.
    let parsedTo = offset;
    const rest = offset === 0 ? file : new File([file.slice(offset)], file.name);
    Papa.parse<string[]>(rest, {
      chunkSize: parseChunkBytes,
      // The delimiter and line end papaparse guessed at the start of the file (guessFormat), from wherever it starts.
      delimiter: format.delimiter,
      newline: format.newline as '\n' | '\r\n' | '\r',
      // Blank rows are skipped by isBlank (as papaparse's 'greedy' would, without joining and trimming every row),
      // empty ones included: papaparse's own skipping leaves its errors' row numbers pointing at the rows before it
      // skipped any, so a bad row after an empty line went in and the good row after it was refused.
      skipEmptyLines: false,
      chunk(results, chunkParser) {
        chunkParser.pause();
        resume = () => chunkParser.resume();
        parsedTo = Math.min(file.size, parsedTo + parseChunkBytes);
        bytesRead = Math.max(bytesRead, parsedTo);
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
          else push(csvRecord(row, message.mapping, jsonColumns), 0, 0, line, 0);
        });
        if (rejected.length) post({ type: 'rejected', errors: rejected });
        pump();
      },
      complete() {
        resume = null;
        finished = true;
        pump();
      },
      error(error) {
        fail(messageOf(error));
      },
    });
  };

  /** The fast path: the file's bytes a chunk at a time, until the end or the first record it leaves to papaparse. */
  const scanRaw = (format: RawCsvFormat) => {
    rawFormat = format;
    const kind = format.delimiter === ',' && !format.crlf ? 0 : 1;
    // Bytes read past the last whole record are carried into the next chunk; `carryAt` is their offset in the file.
    let carry = new Uint8Array(0);
    let carryAt = 0;
    let readTo = 0;
    // COPY refuses bytes that are not UTF-8 where papaparse's reader put U+FFFD: from the first chunk that is not,
    // papaparse reads on, as before.
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    const handOver = (offset: number) => parseFrom(offset, { delimiter: format.delimiter, newline: format.crlf ? '\r\n' : '\n' });
    const step = () => {
      const to = Math.min(file.size, readTo + rawChunkBytes);
      file
        .slice(readTo, to)
        .arrayBuffer()
        .then((read) => {
          if (failed) return;
          const chunk = new Uint8Array(read);
          const final = to >= file.size;
          try {
            utf8.decode(chunk, { stream: !final });
          } catch {
            handOver(carryAt);
            return;
          }
          readTo = to;
          let bytes = chunk;
          if (carry.length > 0) {
            bytes = new Uint8Array(carry.length + chunk.length);
            bytes.set(carry);
            bytes.set(chunk, carry.length);
          }
          const base = carryAt;
          const rejected: LineError[] = [];
          let widthBail = -1;
          const first = base === 0 ? byteOrderMarkLength(bytes) : 0;
          const scan = scanRawCsv(bytes, first, final, format, (recordStart, recordEnd, values) => {
            if (widthBail >= 0) return;
            const index = recordIndex;
            if (index === 0) {
              // COPY takes every value of a record: the mapping must cover the file's columns exactly.
              if (values !== message.mapping.length) {
                widthBail = recordStart;
                return;
              }
              recordIndex++;
              width = values;
              if (message.header) return;
            } else recordIndex++;
            const line = dataRowLine(message.header ? index - 1 : index, message.header);
            if (values !== width) rejected.push({ line, message: `Expected ${width} values, found ${values}` });
            else push(null, base + recordStart, base + recordEnd, line, kind);
          });
          bytesRead = to;
          if (rejected.length) post({ type: 'rejected', errors: rejected });
          if (widthBail >= 0 || scan.bail) {
            handOver(base + (widthBail >= 0 ? widthBail : scan.next));
            return;
          }
          carry = bytes.slice(scan.next);
          carryAt = base + scan.next;
          if (final) {
            finished = true;
            pump();
            return;
          }
          resume = step;
          pump();
        })
        .catch((error: unknown) => fail(messageOf(error)));
    };
    step();
  };

  guessFormat(file).then(
    (guess) => {
      const format = rawCsvFormat(message.mapping, message.jsonColumns, guess);
      if (format) scanRaw(format);
      else parseFrom(0, { delimiter: guess.delimiter, newline: guess.linebreak });
    },
    (error: unknown) => fail(messageOf(error)),
  );
}

/** Installs the parser's message handler on a worker scope (a test may read the file in smaller steps). */
export function attachCsvWorker(scope: CsvWorkerScope, options: { rawChunkBytes?: number; parseChunkBytes?: number } = {}): void {
  const post = (message: FromWorker) => scope.postMessage(message);
  scope.onmessage = (event) => {
    try {
      if (event.data.type === 'preview') preview(post, event.data.file, event.data.rows);
      else if (event.data.type === 'start') start(scope, event.data, options.rawChunkBytes ?? RAW_CHUNK_BYTES, options.parseChunkBytes ?? CHUNK_BYTES);
    } catch (error) {
      post({ type: 'error', message: messageOf(error) });
    }
  };
}

// In a real worker `self` has no document: install the handler there (a view test installs it on a fake scope).
if (typeof document === 'undefined') attachCsvWorker(self as unknown as CsvWorkerScope);
