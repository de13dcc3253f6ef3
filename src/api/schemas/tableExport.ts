// Request of POST /api/platform/pg-meta/{ref}/export (issue 6: CSV export streamed by the server). The same shape is
// carried, signed, in the download link, so the link's GET is checked with this schema too.
import { z } from 'zod';
import { FILTER_OPERATORS } from '../../domain/table-editor/types.ts';
import { storableString } from './platformFields.ts';

// Postgres truncates identifiers at 63 bytes; longer names cannot exist.
const identifier = storableString(63).min(1);

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
  })
  .strict();

export type TableExportBody = z.infer<typeof tableExportBody>;

/** The answer: a signed link, valid for a few minutes, whose GET streams the CSV. */
export interface TableExportLink {
  url: string;
}
