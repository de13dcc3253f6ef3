// Importing a CSV file into the open table (issue 6, spec B2.1 "import CSV from a file"):
// choosing → previewing → mapping → importing → done | failed | cancelled.
// The file is parsed by a worker (actor `parseFile`) that hands over one batch at a time and waits to be asked for
// the next; `insertBatch` inserts one batch (narrowing a refusal down to its bad rows). At most one batch is being
// inserted and one more waits parsed, so memory stays flat whatever the file size. Bad rows are skipped and listed
// until CSV_MAX_REJECTED_ROWS, then the import stops; committed batches stay (CSV_IMPORT_POLICY).
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import {
  autoMapping,
  batchRows,
  csvHeaders,
  CSV_MAX_REJECTED_ROWS,
  importableColumns,
  mappingProblem,
  type BatchOutcome,
  type LineError,
} from '../src/domain/table-editor/csv.ts';
import type { RawCsvDelimiter } from '../src/domain/table-editor/csv-raw.ts';
import type { ColumnInfo } from '../src/domain/table-editor/types.ts';
import { errorMessage, notProvided } from './support.ts';

/** What the machine needs of a file (a browser File in the app). */
export interface CsvFile {
  name: string;
  size: number;
}

/**
 * One parsed batch: the rows as CSV of the mapped columns (what the platform copies), UTF-8, as a Blob (ranges of
 * the file itself on the fast path, handed over without a copy), and each row's line.
 */
export interface CsvBatch {
  csv: Blob;
  lines: number[];
  /** Bytes of the file read when this batch was cut. */
  bytesRead: number;
  /**
   * The delimiter of the batch's records when they are the file's own bytes (src/domain/table-editor/csv-raw.ts);
   * absent: ',' (records written by csvRecord, or raw ones of a comma-separated file with LF line ends).
   */
  delimiter?: RawCsvDelimiter;
}

export interface CsvImportInput {
  schema: string;
  table: string;
  columns: ColumnInfo[];
}

export interface CsvImportContext extends CsvImportInput {
  file: CsvFile | null;
  header: boolean;
  /** The first rows of the file as parsed, header row included. */
  previewRows: string[][];
  mapping: Array<string | null>;
  batchSize: number;
  bytesRead: number;
  /** Bytes of the file whose rows are committed: the progress bar. */
  bytesDone: number;
  rowsInserted: number;
  rejected: LineError[];
  inFlight: CsvBatch | null;
  pending: CsvBatch | null;
  parsed: boolean;
  cancelRequested: boolean;
  error: string | null;
}

export type CsvImportEvent =
  | { type: 'file.choose'; file: CsvFile }
  | { type: 'header.toggle' }
  | { type: 'mapping.set'; index: number; column: string | null }
  | { type: 'import.start' }
  | { type: 'import.cancel' }
  | { type: 'import.reset' }
  | { type: 'parse.batch'; batch: CsvBatch }
  | { type: 'parse.rejected'; errors: LineError[] }
  | { type: 'parse.end'; bytesRead: number }
  | { type: 'parse.failed'; message: string };

export interface PreviewOutput {
  rows: string[][];
}
export interface ParseFileInput {
  file: CsvFile;
  header: boolean;
  mapping: Array<string | null>;
  jsonColumns: string[];
  batchSize: number;
}
/** What the machine tells the parser: hand over the next batch. */
export type ParserCommand = { type: 'parser.next' };
export interface InsertBatchInput {
  schema: string;
  table: string;
  columns: string[];
  overridingSystemValue: boolean;
  batch: CsvBatch;
  /** How many more rows may be refused before the import stops. */
  stopAfter: number;
}


const mappingFor = (context: CsvImportContext, header: boolean, rows = context.previewRows) =>
  autoMapping(csvHeaders(rows[0] ?? [], header), context.columns);

const IDLE_IMPORT = { bytesRead: 0, bytesDone: 0, rowsInserted: 0, rejected: [], inFlight: null, pending: null, parsed: false, cancelRequested: false };

export const csvImportMachine = setup({
  types: {} as { context: CsvImportContext; events: CsvImportEvent; input: CsvImportInput; tags: 'busy' | 'error' },
  actors: {
    previewFile: fromPromise<PreviewOutput, { file: CsvFile }>(async () => notProvided('preview csv file')),
    parseFile: fromCallback<ParserCommand, ParseFileInput>(() => notProvided('parse csv file')),
    insertBatch: fromPromise<BatchOutcome, InsertBatchInput>(async () => notProvided('insert csv batch')),
  },
  guards: {
    emptyFile: (_, params: { preview: PreviewOutput }) => params.preview.rows.length === 0,
    canStart: ({ context }) => mappingProblem(context.mapping) === null,
    tooManyRejected: ({ context }) => context.rejected.length >= CSV_MAX_REJECTED_ROWS,
    cancelRequested: ({ context }) => context.cancelRequested,
    hasPending: ({ context }) => context.pending !== null,
    parsed: ({ context }) => context.parsed,
  },
  actions: {
    chooseFile: assign(({ event }) => {
      assertEvent(event, 'file.choose');
      return { file: event.file, error: null, previewRows: [], mapping: [] };
    }),
    showPreview: assign(({ context }, params: { preview: PreviewOutput }) => {
      const { rows } = params.preview;
      const sample = rows.slice(context.header ? 1 : 0);
      // JSON of a row is about its CSV text plus the column names and quotes of each value.
      const names = importableColumns(context.columns).reduce((sum, column) => sum + column.name.length + 6, 2);
      const average = sample.length ? sample.reduce((sum, row) => sum + row.join(',').length, 0) / sample.length + names : 0;
      return { previewRows: rows, mapping: mappingFor(context, context.header, rows), batchSize: batchRows(average) };
    }),
    previewFailed: assign({ error: (_, params: { error: unknown }) => `Could not read the file: ${errorMessage(params.error)}`, file: null }),
    emptyFile: assign({ error: 'The file is empty', file: null }),
    toggleHeader: assign(({ context }) => ({ header: !context.header, mapping: mappingFor(context, !context.header) })),
    setMapping: assign({
      mapping: ({ context, event }) => {
        assertEvent(event, 'mapping.set');
        const { index, column } = event;
        return context.mapping.map((current, i) => (i === index ? column : current));
      },
    }),
    startImport: assign({ ...IDLE_IMPORT, error: null }),
    takeBatch: assign(({ event }) => {
      assertEvent(event, 'parse.batch');
      const { batch } = event;
      return { inFlight: batch, bytesRead: batch.bytesRead };
    }),
    keepPending: assign(({ event }) => {
      assertEvent(event, 'parse.batch');
      const { batch } = event;
      return { pending: batch, bytesRead: batch.bytesRead };
    }),
    takePending: assign(({ context }) => ({ inFlight: context.pending, pending: null })),
    askNext: sendTo('parseFile', { type: 'parser.next' } satisfies ParserCommand),
    markParsed: assign(({ event }) => {
      assertEvent(event, 'parse.end');
      return { parsed: true, bytesRead: event.bytesRead };
    }),
    reject: assign({
      rejected: ({ context, event }) => {
        assertEvent(event, 'parse.rejected');
        return [...context.rejected, ...event.errors].slice(0, CSV_MAX_REJECTED_ROWS);
      },
    }),
    countBatch: assign(({ context }, params: { outcome: BatchOutcome }) => {
      const { outcome } = params;
      return {
        rowsInserted: context.rowsInserted + outcome.inserted,
        rejected: [...context.rejected, ...outcome.rejected].slice(0, CSV_MAX_REJECTED_ROWS),
        bytesDone: Math.max(context.bytesDone, context.inFlight?.bytesRead ?? 0),
        inFlight: null,
      };
    }),
    requestCancel: assign({ cancelRequested: true }),
    dropBatches: assign({ inFlight: null, pending: null }),
    finish: assign(({ context }) => ({ bytesDone: context.file?.size ?? context.bytesDone, bytesRead: context.file?.size ?? context.bytesRead })),
    batchFailed: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error), inFlight: null, pending: null }),
    parseFailed: assign({
      error: ({ event }) => {
        assertEvent(event, 'parse.failed');
        return event.message;
      },
      inFlight: null,
      pending: null,
    }),
    stopped: assign({ error: `Stopped after ${CSV_MAX_REJECTED_ROWS} rows were refused`, inFlight: null, pending: null }),
    reset: assign({ ...IDLE_IMPORT, file: null, previewRows: [], mapping: [], error: null }),
  },
}).createMachine({
  id: 'csvImport',
  context: ({ input }) => ({
    ...input,
    ...IDLE_IMPORT,
    file: null,
    header: true,
    previewRows: [],
    mapping: [],
    batchSize: batchRows(0),
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'file.choose': { target: 'previewing', actions: 'chooseFile' } },
    },
    previewing: {
      tags: 'busy',
      invoke: {
        id: 'previewFile',
        src: 'previewFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          { guard: { type: 'emptyFile', params: ({ event }) => ({ preview: event.output }) }, target: 'choosing', actions: 'emptyFile' },
          { target: 'mapping', actions: { type: 'showPreview', params: ({ event }) => ({ preview: event.output }) } },
        ],
        onError: { target: 'choosing', actions: { type: 'previewFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    mapping: {
      on: {
        'file.choose': { target: 'previewing', actions: 'chooseFile' },
        'header.toggle': { actions: 'toggleHeader' },
        'mapping.set': { actions: 'setMapping' },
        'import.start': { guard: 'canStart', target: 'importing', actions: 'startImport' },
      },
    },
    importing: {
      tags: 'busy',
      invoke: {
        id: 'parseFile',
        src: 'parseFile',
        input: ({ context }) => ({
          file: context.file!,
          header: context.header,
          mapping: context.mapping,
          jsonColumns: context.columns.filter((c) => c.format === 'json' || c.format === 'jsonb').map((c) => c.name),
          batchSize: context.batchSize,
        }),
      },
      on: {
        'parse.rejected': { actions: 'reject' },
        'parse.failed': { target: 'failed', actions: 'parseFailed' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          always: { guard: 'tooManyRejected', target: '#csvImport.failed', actions: 'stopped' },
          on: {
            'parse.batch': { target: 'inserting', actions: ['takeBatch', 'askNext'] },
            'parse.end': { target: '#csvImport.done', actions: ['markParsed', 'finish'] },
            'import.cancel': { target: '#csvImport.cancelled', actions: 'dropBatches' },
          },
        },
        // One batch at a time: the next one waits parsed in `pending`; a cancel waits for the batch to settle so
        // the count of imported rows stays true.
        inserting: {
          invoke: {
            id: 'insertBatch',
            src: 'insertBatch',
            input: ({ context }) => {
              const columns = context.mapping.filter((column): column is string => column !== null);
              const always = new Set(context.columns.filter((c) => c.identity_generation === 'ALWAYS').map((c) => c.name));
              return {
                schema: context.schema,
                table: context.table,
                columns,
                overridingSystemValue: columns.some((column) => always.has(column)),
                batch: context.inFlight!,
                stopAfter: CSV_MAX_REJECTED_ROWS - context.rejected.length,
              };
            },
            onDone: [
              { guard: 'cancelRequested', target: '#csvImport.cancelled', actions: [{ type: 'countBatch', params: ({ event }) => ({ outcome: event.output }) }, 'dropBatches'] },
              { guard: 'tooManyRejected', target: '#csvImport.failed', actions: [{ type: 'countBatch', params: ({ event }) => ({ outcome: event.output }) }, 'stopped'] },
              { guard: 'hasPending', target: 'inserting', reenter: true, actions: [{ type: 'countBatch', params: ({ event }) => ({ outcome: event.output }) }, 'takePending', 'askNext'] },
              { guard: 'parsed', target: '#csvImport.done', actions: [{ type: 'countBatch', params: ({ event }) => ({ outcome: event.output }) }, 'finish'] },
              { target: 'waiting', actions: { type: 'countBatch', params: ({ event }) => ({ outcome: event.output }) } },
            ],
            onError: { target: '#csvImport.failed', actions: { type: 'batchFailed', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'parse.batch': { actions: 'keepPending' },
            'parse.end': { actions: 'markParsed' },
            'import.cancel': { actions: 'requestCancel' },
          },
        },
      },
    },
    done: { on: { 'import.reset': { target: 'choosing', actions: 'reset' } } },
    failed: { tags: 'error', on: { 'import.reset': { target: 'choosing', actions: 'reset' } } },
    cancelled: { on: { 'import.reset': { target: 'choosing', actions: 'reset' } } },
  },
});

export type CsvImportMachine = typeof csvImportMachine;
