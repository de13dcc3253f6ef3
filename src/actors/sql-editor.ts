// Real effects of the SQL editor (issue 7): runs and cancels on the platform, snippet load/save with the local
// drafts, the remembered preferences, and the impersonation's remembered user searches (spec B2.2, B2.7).
import { fromPromise } from 'xstate';
import { sqlRunMachine, type SqlRunError, type SqlRunRequest } from '../../machines/sql-run.machine.ts';
import { sqlEditorSessionMachine } from '../../machines/sql-editor-session.machine.ts';
import { roleImpersonationMachine } from '../../machines/role-impersonation.machine.ts';
import { cancelEditorSql, fetchSnippet, fetchSqlHistory, runEditorSql, updateSnippet } from '../api/sql-editor.ts';
import { infiniteListMachine, type FetchPageInput, type FetchPageOutput } from '../../machines/infinite-list.machine.ts';
import { parseDrafts, recordEdit, recordSaved, serializeDrafts, sqlDraftsKey, textToOpen } from '../domain/sql-drafts.ts';
import {
  parsePreferences,
  parseProjectPreferences,
  type SqlEditorPreferences,
  type SqlEditorProjectPreferences,
} from '../domain/sql-editor.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the editor keeps working from memory; the platform copy is saved as usual.
  }
}

export const PREFERENCES_KEY = 'strata.sql-editor.preferences';
export const projectPreferencesKey = (ref: string) => `strata.sql-editor.${ref}`;
export const impersonationSearchesKey = (ref: string) => `strata.impersonation-searches.${ref}`;

export const readPreferences = (): SqlEditorPreferences => parsePreferences(read(PREFERENCES_KEY));
export const writePreferences = (preferences: SqlEditorPreferences) => write(PREFERENCES_KEY, JSON.stringify(preferences));
export const readProjectPreferences = (ref: string): SqlEditorProjectPreferences => parseProjectPreferences(read(projectPreferencesKey(ref)));
export const writeProjectPreferences = (ref: string, preferences: SqlEditorProjectPreferences) =>
  write(projectPreferencesKey(ref), JSON.stringify(preferences));

/** The session machine of one snippet tab, with the platform and this project's drafts. */
export function sqlSessionMachineFor(ref: string) {
  const readDrafts = () => parseDrafts(read(sqlDraftsKey(ref)));
  return sqlEditorSessionMachine.provide({
    actors: {
      loadSnippet: fromPromise(async ({ input }) => {
        const snippet = await fetchSnippet(ref, input.snippetId);
        return { snippet, opened: textToOpen(readDrafts(), snippet) };
      }),
      saveSnippet: fromPromise(async ({ input }) => updateSnippet(ref, input.snippetId, { sql: input.sql })),
    },
    actions: {
      // Read-modify-write of the whole map on each change: another tab's draft in the map is kept.
      writeDraft: (_, params) =>
        write(sqlDraftsKey(ref), serializeDrafts(recordEdit(readDrafts(), params.snippetId, params.sql, params.baseUpdatedAt, Date.now()))),
      draftSaved: (_, params) =>
        write(sqlDraftsKey(ref), serializeDrafts(recordSaved(readDrafts(), params.snippetId, params.sql, params.updatedAt))),
    },
  });
}

export interface EditorRunRequest extends SqlRunRequest {
  impersonation?: QueryImpersonation | undefined;
  /** spec B2.3: the picked read replica (undefined: the primary). */
  database?: string | undefined;
}

/**
 * What the run machine gets when a run fails: the platform's message, and from its JSON body (pg-meta's query
 * error) the position, formatted error and SQLSTATE the results panel shows.
 */
export function toRunError(error: unknown, durationMs: number | null = null): SqlRunError {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const body = (typeof record.body === 'object' && record.body !== null ? record.body : {}) as Record<string, unknown>;
  return {
    message: typeof record.message === 'string' && record.message !== '' ? record.message : String(error),
    position: typeof body.position === 'number' ? body.position : null,
    formattedError: typeof body.formattedError === 'string' ? body.formattedError : null,
    code: typeof body.code === 'string' ? body.code : null,
    durationMs,
  };
}

export function sqlRunMachineFor(ref: string) {
  return sqlRunMachine.provide({
    actors: {
      runQuery: fromPromise(async ({ input }) => {
        const request = input as EditorRunRequest;
        const started = performance.now();
        try {
          return await runEditorSql(ref, { runId: request.runId, sql: request.sql, impersonation: request.impersonation, database: request.database });
        } catch (error) {
          // A failed run says how long it took too (issue 14 item 6).
          throw toRunError(error, performance.now() - started);
        }
      }),
      cancelQuery: fromPromise(async ({ input }) => cancelEditorSql(ref, input.runId)),
    },
  });
}

export function impersonationMachineFor(ref: string) {
  return roleImpersonationMachine.provide({
    actions: { rememberSearches: (_, params) => write(impersonationSearchesKey(ref), JSON.stringify(params.searches)) },
  });
}

export function readImpersonationSearches(ref: string): string[] {
  try {
    const value: unknown = JSON.parse(read(impersonationSearchesKey(ref)) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** The query history as an infinite list (searchable, paged) of one project; `base.projectRef`. */
export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_SEARCH_DEBOUNCE_MS = 300;
export const sqlHistoryListMachine = infiniteListMachine.provide({
  actors: {
    fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(async ({ input }) => {
      const page = await fetchSqlHistory(String(input.projectRef), { search: input.search, limit: input.limit, offset: input.offset });
      return { items: page.entries, count: page.count };
    }),
  },
  delays: { searchDebounce: HISTORY_SEARCH_DEBOUNCE_MS },
});

/**
 * Sends a tab's local draft to the platform when the tab goes away before its save ran (closed, switched): the
 * session actor stops with its tab, so this runs outside it. A draft made on an older version than the platform's
 * is left for the user to see (the tab shows it as a conflict when reopened).
 */
export async function flushDraft(ref: string, snippetId: string): Promise<void> {
  const draft = parseDrafts(read(sqlDraftsKey(ref)))[snippetId];
  if (!draft) return;
  try {
    const snippet = await fetchSnippet(ref, snippetId);
    if (textToOpen({ [snippetId]: draft }, snippet).source !== 'draft') return;
    const saved = await updateSnippet(ref, snippetId, { sql: draft.sql });
    write(sqlDraftsKey(ref), serializeDrafts(recordSaved(parseDrafts(read(sqlDraftsKey(ref))), snippetId, saved.sql, saved.updated_at)));
  } catch {
    // Still kept locally: the next time the tab opens, it is saved from there.
  }
}
