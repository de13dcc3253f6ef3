// HTTP of the table editor's CSV import and export (issue 6). The import inserts through the project query
// endpoint (`runSql`), one parameter per batch; the export asks the platform for a signed link whose GET streams
// `COPY … TO STDOUT` (server/pgmeta/export.ts), so rows never pass through the page.
import type { TableExportBody, TableExportLink } from './schemas/tableExport.ts';
import { api } from './client.ts';
import { runSql } from './table-editor.ts';
import type { Statement } from '../domain/table-editor/sql.ts';

/** A signed download link of the table (or of its filtered rows) as CSV, valid a few minutes. */
export const requestTableExport = (ref: string, body: TableExportBody) =>
  api.post(`platform/pg-meta/${encodeURIComponent(ref)}/export`, { json: body }).json<TableExportLink>();

/** Big batches can take a while on a busy database; ky's default 10 s would cut them off. */
const BATCH_TIMEOUT_MS = 120_000;

/** Runs one batch insert whose only parameter is the rows as JSON text. */
export async function insertJsonRows(ref: string, statement: Statement, json: string, signal?: AbortSignal): Promise<void> {
  await runSql(ref, { query: statement.query, parameters: [json] }, { timeout: BATCH_TIMEOUT_MS, ...(signal ? { signal } : {}) });
}
