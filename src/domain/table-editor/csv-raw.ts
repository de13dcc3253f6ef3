// The CSV import's fast path (issue 15): when the file's columns go to table columns one for one and none of them is
// JSON, the file's own bytes are what COPY reads (with the file's delimiter and FORCE_NULL), so the browser only has
// to find where records end, count their values and leave out the rows the parsing path would leave out. Nothing is
// split into strings or written back.
//
// The scanner reads records the way RFC 4180, papaparse and Postgres's COPY (FORMAT csv) all read them when a file is
// well formed. Where they could differ, it does not guess: it stops ('bail') at the start of that record, and the
// worker parses the rest of the file with papaparse, as every import did before (src/actors/csv-import.worker.ts).
// It stops at:
// - a quote inside an unquoted value, or anything but a delimiter or a line end after a closing quote (papaparse keeps
//   or reports these, COPY would read a quoted value from them);
// - a line end other than the file's (a lone CR, or LF in a CRLF file: COPY refuses a mixed file, papaparse keeps
//   them in the value);
// - a record of nothing but white space, delimiters and quotes (papaparse's 'greedy' blank test trims Unicode white
//   space; decided there), or exactly `\.` (COPY's end-of-data line);
// - a quote left open at the end of the file.
// An empty line is skipped without counting, as papaparse's skipEmptyLines does.

const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const DOT = 46;

/** The delimiters papaparse guesses between (Papa.RECORD_SEP and Papa.UNIT_SEP included): the ones COPY is given. */
export const RAW_CSV_DELIMITERS = [',', '\t', '|', ';', '\x1e', '\x1f'] as const;
export type RawCsvDelimiter = (typeof RAW_CSV_DELIMITERS)[number];

export const isRawCsvDelimiter = (value: unknown): value is RawCsvDelimiter =>
  typeof value === 'string' && (RAW_CSV_DELIMITERS as readonly string[]).includes(value);

export interface RawCsvFormat {
  delimiter: RawCsvDelimiter;
  /** The file's line end, as papaparse guessed it: the fast path takes LF and CRLF files only. */
  crlf: boolean;
}

/**
 * Whether an import may send the file's bytes as they are: every CSV column is mapped (COPY cannot skip one), no
 * mapped column is JSON (the parsing path turns text that is not JSON into a JSON string), and papaparse's guesses
 * are a delimiter COPY is given and an LF or CRLF line end. The record width is checked by the scanner.
 */
export function rawCsvFormat(
  mapping: ReadonlyArray<string | null>,
  jsonColumns: readonly string[],
  guess: { delimiter: string; linebreak: string },
): RawCsvFormat | null {
  if (mapping.length === 0 || mapping.some((column) => column === null)) return null;
  if (mapping.some((column) => jsonColumns.includes(column!))) return null;
  if (!isRawCsvDelimiter(guess.delimiter)) return null;
  if (guess.linebreak !== '\n' && guess.linebreak !== '\r\n') return null;
  return { delimiter: guess.delimiter, crlf: guess.linebreak === '\r\n' };
}

/**
 * A byte that is visibly not white space: printable ASCII other than the delimiter and the quote, or the lead byte
 * of a UTF-8 character that is not white space (C3–DF, E4–EE, F0–F4; the leads of Unicode's white space — C2, E1,
 * E2, E3, EF — are left undecided, and a record of only those goes to papaparse).
 */
const visible = (byte: number, delimiter: number) =>
  (byte > 32 && byte < 127 && byte !== QUOTE && byte !== delimiter) ||
  (byte >= 0xc3 && byte <= 0xdf) ||
  (byte >= 0xe4 && byte <= 0xee) ||
  (byte >= 0xf0 && byte <= 0xf4);

export interface RawScanResult {
  /** Where scanning stopped: past the last whole record, at an incomplete one, or at the record to bail at. */
  next: number;
  /** The record at `next` must be parsed by papaparse (and every one after it). */
  bail: boolean;
}

/**
 * Scans the whole records of `bytes` from `from`, calling `record(start, end, values)` for each one that is not an
 * empty line (`end` is past its line end). A record cut off by the end of `bytes` is left for the next call unless
 * `final` (the end of the file).
 */
export function scanRawCsv(
  bytes: Uint8Array,
  from: number,
  final: boolean,
  format: RawCsvFormat,
  record: (start: number, end: number, values: number) => void,
): RawScanResult {
  const delimiter = format.delimiter.charCodeAt(0);
  const crlf = format.crlf;
  const length = bytes.length;
  let start = from;
  while (start < length) {
    let index = start;
    let values = 1;
    let seen = false; // a visible byte in some value
    let quoted = false;
    let fieldStart = true;
    let contentEnd = -1;
    let end = -1;
    while (end < 0) {
      if (index >= length) {
        if (!final) return { next: start, bail: false };
        if (quoted) return { next: start, bail: true };
        contentEnd = end = length;
        break;
      }
      const byte = bytes[index]!;
      if (quoted) {
        if (byte !== QUOTE) {
          if (!seen && visible(byte, delimiter)) seen = true;
          index++;
          continue;
        }
        // A quote in a quoted value: doubled, or the value's end, which a delimiter or the line end must follow.
        if (index + 1 >= length && !final) return { next: start, bail: false };
        if (bytes[index + 1] === QUOTE) {
          seen = true;
          index += 2;
          continue;
        }
        quoted = false;
        index++;
        if (index >= length) continue; // the end of the file (final)
        const after = bytes[index]!;
        if (after === delimiter || after === LF || after === CR) continue;
        return { next: start, bail: true };
      }
      if (byte === delimiter) {
        values++;
        fieldStart = true;
        index++;
        continue;
      }
      if (byte === QUOTE) {
        if (!fieldStart) return { next: start, bail: true };
        quoted = true;
        fieldStart = false;
        index++;
        continue;
      }
      fieldStart = false;
      if (byte === LF) {
        if (crlf) return { next: start, bail: true };
        contentEnd = index;
        end = index + 1;
      } else if (byte === CR) {
        if (!crlf) return { next: start, bail: true };
        if (index + 1 >= length) {
          if (!final) return { next: start, bail: false };
          return { next: start, bail: true };
        }
        if (bytes[index + 1] !== LF) return { next: start, bail: true };
        contentEnd = index;
        end = index + 2;
      } else {
        if (!seen && visible(byte, delimiter)) seen = true;
        index++;
      }
    }
    if (contentEnd > start) {
      if (!seen) return { next: start, bail: true };
      if (contentEnd - start === 2 && bytes[start] === BACKSLASH && bytes[start + 1] === DOT) return { next: start, bail: true };
      record(start, end, values);
    }
    start = end;
  }
  return { next: start, bail: false };
}

/** Bytes of a UTF-8 byte-order mark at the start of `bytes` (papaparse's reader drops it). */
export const byteOrderMarkLength = (bytes: Uint8Array): number =>
  bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
