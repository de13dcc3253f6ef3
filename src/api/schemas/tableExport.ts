// Request of POST /api/platform/pg-meta/{ref}/export (issue 6: CSV export streamed by the server; issue 14: JSON and
// SQL inserts too, and only the rows the grid selected). The same shape is carried, signed, in the download link, so
// the link's GET is checked with this schema too.
import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_MAX_KEYS } from '../../domain/table-editor/export-formats.ts';
import { FILTER_OPERATORS } from '../../domain/table-editor/types.ts';
import { storableString } from './platformFields.ts';

// Postgres truncates identifiers at 63 bytes; longer names cannot exist.
const identifier = storableString(63).min(1);

/** A key value Postgres can be sent: no NUL character, and (an array or json key) nested at most 8 levels. */
const sendable = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return !value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return true;
  return depth < 8 && Object.values(value).every((inner) => sendable(inner, depth + 1));
};

// A row key: primary-key column → value as the grid holds it (any JSON; Postgres reads it with the column's input
// function). An index has at most 32 columns, so a primary key too.
const rowKey = z
  .record(identifier, z.unknown())
  .refine((key) => Object.keys(key).length >= 1 && Object.keys(key).length <= 32, { error: 'must name between 1 and 32 key columns' })
  .refine((key) => sendable(key), { error: 'must hold values without NUL characters, nested at most 8 levels' });

export const tableExportBody = z
  .object({
    schema: identifier,
    table: identifier,
    filters: z
      .array(z.object({ column: identifier, operator: z.enum(FILTER_OPERATORS), value: storableString(10_000) }).strict())
      .max(50)
      .default([]),
    sorts: z.array(z.object({ column: identifier, ascending: z.boolean() }).strict()).max(50).default([]),
    /**
     * The file's format (issue 14). Optional, read as 'csv' when absent: links made before it stay
     * valid, and a CSV request is the same as before.
     */
    format: z.enum(EXPORT_FORMATS).optional(),
    /**
     * Only the rows with these keys (primary key → value), e.g. the grid's selected rows when not all are loaded.
     * Absent: every row the filters select.
     */
    keys: z
      .array(rowKey)
      .max(EXPORT_MAX_KEYS, { error: `must name at most ${EXPORT_MAX_KEYS.toLocaleString('en-US')} rows: export the table or its filtered rows instead` })
      .optional(),
    /**
     * spec B2.7 (issue 14.3): the export runs as the role the grid reads as — the query endpoint's `impersonation`.
     * It travels inside the signed link, so the link's holder cannot drop or change it.
     */
    impersonation: z
      .object({
        role: identifier,
        claims: z.record(z.string(), z.unknown()),
        hook: z.object({ schema: identifier, functionName: identifier }).strict().optional(),
      })
      .strict()
      .optional(),
    /**
     * spec B2.3 (issue 20): the read replica picked in the table editor's database picker; absent (or the project's
     * ref) for the primary. Signed into the link like the role.
     */
    database: storableString(100).min(1).optional(),
  })
  .strict();

export type TableExportBody = z.infer<typeof tableExportBody>;

/** The answer: a signed link, valid for a few minutes, whose GET streams the file. */
export interface TableExportLink {
  url: string;
}
