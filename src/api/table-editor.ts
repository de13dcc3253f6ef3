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
  options: { signal?: AbortSignal; timeout?: number; impersonation?: QueryImpersonation | undefined } = {},
): Promise<TRow[]> {
  return api
    .post(`${pgMeta(ref)}/query`, {
      json: {
        query: statement.query,
        ...(statement.parameters ? { parameters: statement.parameters } : {}),
        // spec B2.7: run as the role the member previews data as.
        ...(options.impersonation ? { impersonation: options.impersonation } : {}),
      },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    })
    .json<TRow[]>();
}

/** One relation (any kind) with columns, primary keys and relationships; 404 ApiError when it no longer exists. */
export const fetchTableMeta = (ref: string, id: number, options: { signal?: AbortSignal } = {}) =>
  api.get(`${pgMeta(ref)}/entities/${id}`, options.signal ? { signal: options.signal } : {}).json<TableMeta>();

/** Schema names of the project (system schemas left out). */
export const fetchSchemas = (ref: string) =>
  api.get(`${pgMeta(ref)}/schemas`).json<Array<{ id: number; name: string; owner: string }>>();
