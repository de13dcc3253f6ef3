// The catalog reads the SQL editor's completion needs: every column of the project's own schemas (system schemas
// left out by the platform), and the project's API URL (claims' issuer for role impersonation).
import { api } from './client.ts';
import { COMPLETION_FUNCTIONS_SQL, type CatalogColumn, type CatalogFunction } from '../domain/sql-editor.ts';
import { runSql } from './table-editor.ts';
import { fetchProjectSettings } from './project-status.ts';

export const fetchCompletionColumns = (ref: string) =>
  api.get(`platform/pg-meta/${encodeURIComponent(ref)}/columns`).json<CatalogColumn[]>();

export async function fetchProjectEndpoint(ref: string): Promise<string> {
  const settings = await fetchProjectSettings(ref);
  const { protocol = 'http', endpoint } = settings.app_config;
  return /^[a-z]+:\/\//.test(endpoint) ? endpoint : `${protocol}://${endpoint}`;
}

export const fetchCompletionFunctions = (ref: string) => runSql<CatalogFunction>(ref, { query: COMPLETION_FUNCTIONS_SQL });
