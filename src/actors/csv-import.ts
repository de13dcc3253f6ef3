// Real effects of the CSV import machine (machines/csv-import.machine.ts): the preview and the parser run papaparse
// in a Web Worker; each batch goes to the platform as CSV and is copied into the table with `COPY … FROM STDIN`
// (issue 15). A request body cannot stream from Chromium over HTTP/1.1, so the file goes in batches of a few MB.
import { fromCallback, fromPromise } from 'xstate';
import {
  csvImportMachine,
  type CsvFile,
  type InsertBatchInput,
  type ParseFileInput,
  type ParserCommand,
  type PreviewOutput,
} from '../../machines/csv-import.machine.ts';
import { importCsvChunk, refusedRow } from '../api/table-editor-csv.ts';
import { CSV_PREVIEW_ROWS, copySkippingRefusedRows, type BatchOutcome } from '../domain/table-editor/csv.ts';
import type { FromWorker, ToWorker } from './csv-import.protocol.ts';

const createWorker = () => new Worker(new URL('./csv-import.worker.ts', import.meta.url), { type: 'module' });

const post = (worker: Worker, message: ToWorker) => worker.postMessage(message);

// The machine knows a file by name and size; in the app it is always the File the user picked.
export const previewCsvFile = fromPromise<PreviewOutput, { file: CsvFile }>(
  ({ input, signal }) =>
    new Promise<PreviewOutput>((resolve, reject) => {
      const worker = createWorker();
      const done = () => worker.terminate();
      signal.addEventListener('abort', done);
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        done();
        if (event.data.type === 'preview') resolve({ rows: event.data.rows });
        else reject(new Error(event.data.type === 'error' ? event.data.message : 'Unexpected answer from the CSV reader'));
      };
      worker.onerror = (event) => {
        done();
        reject(new Error(event.message || 'The CSV reader failed'));
      };
      // One more row than shown: the first may be the header.
      post(worker, { type: 'preview', file: input.file as File, rows: CSV_PREVIEW_ROWS + 1 });
    }),
);

export const parseCsvFile = fromCallback<ParserCommand, ParseFileInput>(({ input, sendBack, receive }) => {
  const worker = createWorker();
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'batch') sendBack({ type: 'parse.batch', batch: message.batch });
    else if (message.type === 'rejected') sendBack({ type: 'parse.rejected', errors: message.errors });
    else if (message.type === 'end') sendBack({ type: 'parse.end', bytesRead: message.bytesRead });
    else if (message.type === 'error') sendBack({ type: 'parse.failed', message: message.message });
  };
  worker.onerror = (event) => sendBack({ type: 'parse.failed', message: event.message || 'The CSV reader failed' });
  const { file, ...options } = input;
  post(worker, { type: 'start', file: file as File, ...options });
  post(worker, { type: 'next' });
  receive(() => post(worker, { type: 'next' }));
  return () => worker.terminate();
});

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function defineInsertBatch(ref: string) {
  return fromPromise<BatchOutcome, InsertBatchInput>(async ({ input, signal }) => {
    // COPY writes identity ALWAYS columns as given, as the insert's `overriding system value` did: the machine
    // sets that flag whenever such a column is mapped, so both paths write the same rows.
    const target = { schema: input.schema, table: input.table, columns: input.columns, delimiter: input.batch.delimiter };
    return copySkippingRefusedRows(input.batch.csv, input.batch.lines, (csv) => importCsvChunk(ref, target, csv, signal).then(() => undefined), {
      refusedRow,
      errorMessage,
      stopAfter: input.stopAfter,
    });
  });
}

/** The machine with its real effects, for the project `ref`. */
export const csvImportMachineFor = (ref: string) =>
  csvImportMachine.provide({
    actors: {
      previewFile: previewCsvFile,
      parseFile: parseCsvFile,
      insertBatch: defineInsertBatch(ref),
    },
  });
