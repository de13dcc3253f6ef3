// HTTP of the table editor's CSV import and export (issues 6 and 15). The import sends the file in chunks of CSV
// to `POST …/pg-meta/{ref}/import`, which copies each with `COPY … FROM STDIN`; the export asks the platform for a
// signed link whose GET streams `COPY … TO STDOUT` (server/pgmeta/export.ts), so rows never pass through the page.
import type { TableExportBody, TableExportLink } from './schemas/tableExport.ts';
import type { TableImportResult } from './schemas/tableImport.ts';
import { api, ApiError } from './client.ts';

const pgMeta = (ref: string) => `platform/pg-meta/${encodeURIComponent(ref)}`;

/** A signed download link of the table (or of its filtered rows) as CSV, valid a few minutes. */
export const requestTableExport = (ref: string, body: TableExportBody) =>
  api.post(`${pgMeta(ref)}/export`, { json: body }).json<TableExportLink>();

/** A big chunk can take a while on a busy database; ky's default 10 s would cut it off. */
const CHUNK_TIMEOUT_MS = 120_000;

export interface ImportTarget {
  schema: string;
  table: string;
  /** The table columns of the chunk's values, in order. */
  columns: readonly string[];
  /** The chunk's delimiter when it is not ',' (a file's own bytes, src/domain/table-editor/csv-raw.ts). */
  delimiter?: string | undefined;
}

/**
 * Copies one chunk of CSV (no header; see csvRecord) into the table, whole or not at all. A refused value rejects
 * with an ApiError whose body carries Postgres's `code` and the 1-based `row` of the chunk (see refusedRow).
 */
export async function importCsvChunk(ref: string, target: ImportTarget, csv: string | Blob, signal?: AbortSignal): Promise<number> {
  const searchParams = new URLSearchParams({ schema: target.schema, table: target.table, columns: JSON.stringify(target.columns) });
  if (target.delimiter && target.delimiter !== ',') searchParams.set('delimiter', target.delimiter);
  const result = await api
    .post(`${pgMeta(ref)}/import`, {
      searchParams,
      // A Blob of the worker's (ranges of the file itself): the browser's network process reads them, nothing is copied.
      body: csv,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      timeout: CHUNK_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    })
    .json<TableImportResult>();
  return result.inserted;
}

/** The row of the chunk a refusal of importCsvChunk names, or null when it is not about a row. */
export function refusedRow(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const row = (error.body as { row?: unknown } | null)?.row;
  return typeof row === 'number' && Number.isInteger(row) && row > 0 ? row : null;
}
