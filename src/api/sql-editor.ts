// HTTP of the SQL editor (issue 7): runs with a run id (cancellable) recorded in history, snippets, history.
import { api } from './client.ts';
import type { SqlHistoryEntry, SqlSnippet } from './schemas/sqlEditor.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';

const pgMeta = (ref: string) => `platform/pg-meta/${encodeURIComponent(ref)}`;
const project = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;

/** The editor's runs may take long: the platform's 30 s default would cut them off. */
export const SQL_RUN_TIMEOUT_MS = 10 * 60_000;

export interface RunSqlInput {
  runId: string;
  sql: string;
  impersonation?: QueryImpersonation | undefined;
  /** spec B2.3: a healthy read replica's identifier; the primary when undefined. */
  database?: string | undefined;
}

export async function runEditorSql(ref: string, input: RunSqlInput): Promise<{ rows: Record<string, unknown>[]; durationMs: number }> {
  const started = performance.now();
  const rows = await api
    .post(`${pgMeta(ref)}/query`, {
      json: {
        query: input.sql,
        run_id: input.runId,
        history: true,
        ...(input.impersonation ? { impersonation: input.impersonation } : {}),
        ...(input.database ? { database: input.database } : {}),
      },
      timeout: SQL_RUN_TIMEOUT_MS,
    })
    .json<Record<string, unknown>[]>();
  return { rows, durationMs: performance.now() - started };
}

export const cancelEditorSql = (ref: string, runId: string) =>
  api.post(`${pgMeta(ref)}/query/cancel`, { json: { run_id: runId } }).json<{ cancelled: boolean }>();

export const fetchSnippets = (ref: string, search?: string) =>
  api.get(`${project(ref)}/snippets`, { searchParams: search ? { search } : {} }).json<SqlSnippet[]>();
export const fetchSnippet = (ref: string, id: string) => api.get(`${project(ref)}/snippets/${encodeURIComponent(id)}`).json<SqlSnippet>();
export const createSnippet = (ref: string, body: { name: string; sql?: string; favorite?: boolean }) =>
  api.post(`${project(ref)}/snippets`, { json: body }).json<SqlSnippet>();
export const updateSnippet = (ref: string, id: string, body: { name?: string; sql?: string; favorite?: boolean }) =>
  api.patch(`${project(ref)}/snippets/${encodeURIComponent(id)}`, { json: body }).json<SqlSnippet>();
export const deleteSnippet = (ref: string, id: string) => api.delete(`${project(ref)}/snippets/${encodeURIComponent(id)}`).json<unknown>();

export const fetchSqlHistory = (ref: string, options: { search?: string; limit?: number; offset?: number } = {}) =>
  api
    .get(`${project(ref)}/sql-history`, {
      searchParams: Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>,
    })
    .json<{ entries: SqlHistoryEntry[]; count: number }>();
