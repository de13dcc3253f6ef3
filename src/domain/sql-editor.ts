// Pure rules of the SQL editor (spec B2.2, issue 7): what a run sends, result exports, the completion schema, and
// the locally remembered preferences.

/** spec B2.2: SQL tabs' schema defaults to public. */
export const DEFAULT_SQL_SCHEMA = 'public';
/** A new snippet's name. */
export const NEW_SNIPPET_NAME = 'Untitled query';

/** Ctrl/Cmd+Enter runs the selection when there is one, else the whole text (several statements allowed). */
export function sqlToRun(text: string, selection: { from: number; to: number } | null): { sql: string; offset: number } {
  if (selection && selection.to > selection.from) {
    const chosen = text.slice(selection.from, selection.to);
    if (chosen.trim() !== '') return { sql: chosen, offset: selection.from };
  }
  return { sql: text, offset: 0 };
}

/** EXPLAIN of what would run (the plan is read, the statement is not executed). */
export const explainSql = (sql: string): string => `explain (format text, verbose) ${sql.trim().replace(/;+\s*$/, '')}`;

/**
 * The error's place in the editor: Postgres counts characters (code points) from 1 within the SQL that ran,
 * which began at `offset` of the editor text (a selection). Returns a UTF-16 range covering the word there.
 */
export function errorRange(editorText: string, offset: number, position: number): { from: number; to: number } | null {
  if (!Number.isInteger(position) || position < 1) return null;
  const ran = editorText.slice(offset);
  let index = 0;
  let chars = 0;
  for (const char of ran) {
    if (chars === position - 1) break;
    index += char.length;
    chars += 1;
  }
  const from = offset + index;
  if (from > editorText.length) return null;
  const word = /^[\p{L}\p{N}_$."]+/u.exec(editorText.slice(from));
  return { from, to: Math.min(editorText.length, from + Math.max(1, word ? word[0].length : 1)) };
}

/** Column names of a result, in the order of the first row (a result without rows shows no columns). */
export const resultColumns = (rows: readonly Record<string, unknown>[]): string[] => (rows[0] ? Object.keys(rows[0]) : []);

/** A value as a cell shows it and as CSV writes it: null stays empty, objects are JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function csvField(text: string): string {
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row. */
export function resultsToCsv(rows: readonly Record<string, unknown>[]): string {
  const columns = resultColumns(rows);
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(cellText(row[column]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const resultsToJson = (rows: readonly Record<string, unknown>[]): string => JSON.stringify(rows, null, 2);

/** Tab-separated rows for the clipboard (spreadsheets paste it as cells). */
export function resultsToTsv(rows: readonly Record<string, unknown>[]): string {
  const columns = resultColumns(rows);
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  return [columns.join('\t'), ...rows.map((row) => columns.map((column) => clean(cellText(row[column]))).join('\t'))].join('\n');
}

export interface CatalogColumn {
  schema: string;
  table: string;
  name: string;
}

/** The project's own functions for completion (system schemas and extension-owned functions left out). */
export const COMPLETION_FUNCTIONS_SQL = `
select distinct n.nspname as schema, p.proname as name
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp_)'
   and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
 order by 1, 2`;

export interface CatalogFunction {
  schema: string;
  name: string;
}

/** lang-sql's completion namespace: { schema: { table: [columns] } }. */
export function completionNamespace(columns: readonly CatalogColumn[]): Record<string, Record<string, string[]>> {
  const namespace: Record<string, Record<string, string[]>> = {};
  for (const column of columns) {
    const tables = (namespace[column.schema] ??= {});
    (tables[column.table] ??= []).push(column.name);
  }
  return namespace;
}

// spec B2.2 "SQL editor preferences remembered locally".
export interface SqlEditorPreferences {
  intellisense: boolean;
  /** The editor's share of the height, 0.2–0.8 (the results take the rest). */
  splitSize: number;
  aiPanelOpen: boolean;
}

export type SnippetSort = 'name' | 'inserted_at' | 'updated_at';

/** The snippet list's order: by name (A→Z), or newest first by creation or last edit. */
export function sortSnippets<T extends { name: string; inserted_at: string; updated_at: string }>(snippets: readonly T[], sort: SnippetSort): T[] {
  const copy = [...snippets];
  if (sort === 'name') return copy.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return copy.sort((a, b) => (a[sort] < b[sort] ? 1 : a[sort] > b[sort] ? -1 : 0));
}

export interface SqlEditorProjectPreferences {
  /** AI help may use the schema (per project). */
  aiSchemaUse: boolean;
  lastDatabase: string | null;
  sqlBlockAcknowledged: boolean;
  /** Snippet sidebar sections open (favourites, snippets, history). */
  sections: Record<string, boolean>;
  sort: SnippetSort;
  lastSchema: string;
}

export const DEFAULT_PREFERENCES: SqlEditorPreferences = { intellisense: true, splitSize: 0.5, aiPanelOpen: false };
export const DEFAULT_PROJECT_PREFERENCES: SqlEditorProjectPreferences = {
  aiSchemaUse: false,
  lastDatabase: null,
  sqlBlockAcknowledged: false,
  sections: {},
  sort: 'updated_at',
  lastSchema: DEFAULT_SQL_SCHEMA,
};

export const clampSplit = (value: number): number => Math.min(0.8, Math.max(0.2, Number.isFinite(value) ? value : 0.5));

const obj = (raw: string | null): Record<string, unknown> => {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function parsePreferences(raw: string | null): SqlEditorPreferences {
  const value = obj(raw);
  return {
    intellisense: typeof value.intellisense === 'boolean' ? value.intellisense : DEFAULT_PREFERENCES.intellisense,
    splitSize: typeof value.splitSize === 'number' ? clampSplit(value.splitSize) : DEFAULT_PREFERENCES.splitSize,
    aiPanelOpen: typeof value.aiPanelOpen === 'boolean' ? value.aiPanelOpen : false,
  };
}

export function parseProjectPreferences(raw: string | null): SqlEditorProjectPreferences {
  const value = obj(raw);
  const sections = typeof value.sections === 'object' && value.sections !== null ? (value.sections as Record<string, unknown>) : {};
  return {
    aiSchemaUse: value.aiSchemaUse === true,
    lastDatabase: typeof value.lastDatabase === 'string' ? value.lastDatabase : null,
    sqlBlockAcknowledged: value.sqlBlockAcknowledged === true,
    sections: Object.fromEntries(Object.entries(sections).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')),
    sort: value.sort === 'name' || value.sort === 'inserted_at' ? value.sort : 'updated_at',
    lastSchema: typeof value.lastSchema === 'string' && value.lastSchema !== '' ? value.lastSchema : DEFAULT_SQL_SCHEMA,
  };
}
