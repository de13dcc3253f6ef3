// What the SQL editor's layout gives its tab pages: the completion namespace, the project's API URL, the remembered
// preferences (spec B2.2) with their setters, and a way to reload the snippet list.
import { createContext, useContext } from 'react';
import type { SqlSnippet } from '../../api/schemas/sqlEditor.ts';
import type { CatalogFunction, SqlEditorPreferences, SqlEditorProjectPreferences } from '../../domain/sql-editor.ts';

export interface SqlEditorShared {
  snippets: SqlSnippet[];
  completion: Record<string, Record<string, string[]>> | null;
  functions: CatalogFunction[] | null;
  endpoint: string;
  preferences: SqlEditorPreferences;
  setPreferences: (next: SqlEditorPreferences) => void;
  projectPreferences: SqlEditorProjectPreferences;
  setProjectPreferences: (next: SqlEditorProjectPreferences) => void;
  reloadSnippets: () => void;
}

export const SqlEditorContext = createContext<SqlEditorShared | null>(null);

export function useSqlEditor(): SqlEditorShared {
  const shared = useContext(SqlEditorContext);
  if (!shared) throw new Error('useSqlEditor needs the SQL editor layout');
  return shared;
}
