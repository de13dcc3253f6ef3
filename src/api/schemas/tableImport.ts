// POST /api/platform/pg-meta/{ref}/import (issue 15): one chunk of a CSV import, its body the rows as CSV (no
// header, the mapped columns in order; an empty field, quoted or not, is NULL), copied into the table with
// `COPY … FROM STDIN`. The table and columns travel in the query string: the body is the data, streamed.
import { z } from 'zod';
import { RAW_CSV_DELIMITERS } from '../../domain/table-editor/csv-raw.ts';
import { storableString } from './platformFields.ts';

// Postgres truncates identifiers at 63 bytes; longer names cannot exist.
const identifier = storableString(63).min(1);

export const tableImportQuery = z
  .object({
    schema: identifier,
    table: identifier,
    /** The table columns the CSV's values go to, in order, as a JSON array (names may hold commas). */
    columns: z
      .string()
      .max(200_000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of column names' });
          return z.NEVER;
        }
      })
      .pipe(z.array(identifier).min(1).max(1600)),
    /** The body's delimiter when it is the file's own bytes (a delimiter papaparse guesses); ',' when absent. */
    delimiter: z.enum(RAW_CSV_DELIMITERS).optional(),
  })
  .strict();

export type TableImportQuery = z.infer<typeof tableImportQuery>;

/** The answer to a chunk copied whole. */
export interface TableImportResult {
  inserted: number;
}

/**
 * A 400 for a value the table refused: `row` is the 1-based row of the chunk's body that Postgres named (a quoted
 * value spanning lines counts as one row); nothing of the chunk was kept. Without `row`, the refusal is not about a
 * row (a missing table or column, no permission).
 */
export interface TableImportRefusal {
  message: string;
  code?: string;
  row?: number;
}
