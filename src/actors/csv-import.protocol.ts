// Messages between the CSV import actors (src/actors/csv-import.ts) and their worker (csv-import.worker.ts).
import type { CsvBatch, ParseFileInput } from '../../machines/csv-import.machine.ts';
import type { LineError } from '../domain/table-editor/csv.ts';

export type ToWorker =
  | { type: 'preview'; file: File; rows: number }
  | ({ type: 'start'; file: File } & Omit<ParseFileInput, 'file'>)
  /** Hand over the next batch (the worker parses only as far as asked). */
  | { type: 'next' };

export type FromWorker =
  | { type: 'preview'; rows: string[][] }
  | { type: 'batch'; batch: CsvBatch }
  | { type: 'rejected'; errors: LineError[] }
  | { type: 'end'; bytesRead: number }
  | { type: 'error'; message: string };
