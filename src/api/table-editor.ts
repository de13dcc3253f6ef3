// HTTP of the table editor (spec B2.1, B7): SQL through the project query endpoint, and the catalog read of one
// relation. Everything else (table list, rows, DDL, DML, CSV import) is SQL sent through `runSql`.
import { api } from './client.ts';
import type { TableMeta } from '../domain/table-editor/types.ts';
import type { Statement } from '../domain/table-editor/sql.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';

const pgMeta = (ref: string) => `platform/pg-meta/${encodeURIComponent(ref)}`;

/**
 * Runs SQL on the project's database and returns the rows of its last statement. A Postgres error rejects with an
 * ApiError whose message is Postgres's own and whose body carries `formattedError`, `position`, `code`, `detail`.
 */
export function runSql<TRow = Record<string, unknown>>(
  ref: string,
  statement: Statement | { query: string; parameters?: unknown[] },
  options: { signal?: AbortSignal; timeout?: number; impersonation?: QueryImpersonation | undefined; database?: string | undefined } = {},
): Promise<TRow[]> {
  return api
    .post(`${pgMeta(ref)}/query`, {
      json: {
        query: statement.query,
        ...(statement.parameters ? { parameters: statement.parameters } : {}),
        // spec B2.7: run as the role the member previews data as.
        ...(options.impersonation ? { impersonation: options.impersonation } : {}),
        // spec B2.3: on the read replica picked in the database picker (read-only there).
        ...(options.database ? { database: options.database } : {}),
      },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    })
    .json<TRow[]>();
}

/** One relation (any kind) with columns, primary keys and relationships; 404 ApiError when it no longer exists. */
/** `database`: a healthy read replica picked in the table editor (spec B2.3): its columns, types and keys. */
export const fetchTableMeta = (ref: string, id: number, options: { signal?: AbortSignal; database?: string | undefined } = {}) =>
  api
    .get(`${pgMeta(ref)}/entities/${id}`, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.database ? { searchParams: { database: options.database } } : {}),
    })
    .json<TableMeta>();

/**
 * Opens a table in one round trip (issue 25): its columns and, read right after them on the same connection, the
 * first page of its rows for the grid's sort and filter (the URL's values, as they are). `paused` when the project's
 * database is stopped: nothing is read. `rows` is null when the page could not be read (a filter the column cannot
 * take): the grid then reads it itself and shows Postgres's message.
 */
export const openTable = (ref: string, id: number, view: { sort?: string | undefined; filter?: string | undefined }) => {
  const searchParams = new URLSearchParams();
  if (view.sort) searchParams.set('sort', view.sort);
  if (view.filter) searchParams.set('filter', view.filter);
  return api
    .get(`${pgMeta(ref)}/entities/${id}/open`, { searchParams })
    .json<{ paused: true } | { paused?: false; meta: TableMeta; rows: Array<Record<string, unknown>> | null }>();
};

/** Schema names of the project (system schemas left out). */
export const fetchSchemas = (ref: string) =>
  api.get(`${pgMeta(ref)}/schemas`).json<Array<{ id: number; name: string; owner: string }>>();
