// The SQL editor's local drafts (issue 7): the text of every snippet tab is written locally on every change, so
// nothing typed is lost on reload, a crash, a tab switch, or two tabs editing two snippets. A draft remembers the
// server version it started from (`baseUpdatedAt`); once the server holds the same text the draft is dropped.
// Pure rules; the storage effect lives in src/actors.

export interface SqlDraft {
  snippetId: string;
  sql: string;
  /** The snippet's updated_at when the draft started (null: never saved on the server). */
  baseUpdatedAt: string | null;
  /** When it was typed, ms since the epoch. */
  editedAt: number;
}

export type DraftMap = Record<string, SqlDraft>;

/** Local-storage key of a project's drafts. */
export const sqlDraftsKey = (projectRef: string): string => `strata.sql-drafts.${projectRef}`;

export function parseDrafts(raw: string | null): DraftMap {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const drafts: DraftMap = {};
    for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
      const draft = entry as Partial<SqlDraft> | null;
      if (!draft || typeof draft.sql !== 'string' || typeof draft.editedAt !== 'number') continue;
      const base = typeof draft.baseUpdatedAt === 'string' ? draft.baseUpdatedAt : null;
      drafts[id] = { snippetId: id, sql: draft.sql, baseUpdatedAt: base, editedAt: draft.editedAt };
    }
    return drafts;
  } catch {
    return {};
  }
}

export const serializeDrafts = (drafts: DraftMap): string => JSON.stringify(drafts);

/** Records typed text for a snippet; keeps the base of an existing draft. */
export function recordEdit(drafts: DraftMap, snippetId: string, sql: string, baseUpdatedAt: string | null, now: number): DraftMap {
  const existing = drafts[snippetId];
  return { ...drafts, [snippetId]: { snippetId, sql, baseUpdatedAt: existing ? existing.baseUpdatedAt : baseUpdatedAt, editedAt: now } };
}

/** The server saved `sql` for the snippet: the draft goes when it holds exactly that text (typing may have gone on). */
export function recordSaved(drafts: DraftMap, snippetId: string, sql: string, updatedAt: string): DraftMap {
  const existing = drafts[snippetId];
  if (!existing) return drafts;
  if (existing.sql === sql) {
    const { [snippetId]: _saved, ...rest } = drafts;
    return rest;
  }
  return { ...drafts, [snippetId]: { ...existing, baseUpdatedAt: updatedAt } };
}

export type OpenedText =
  | { source: 'server'; sql: string }
  | { source: 'draft'; sql: string }
  /** The server changed since the draft started (another tab or device saved): the draft is shown, the user told. */
  | { source: 'conflict'; sql: string; serverSql: string };

/** What a tab shows when a snippet opens: the draft wins whenever it differs from the server. */
export function textToOpen(drafts: DraftMap, snippet: { id: string; sql: string; updated_at: string }): OpenedText {
  const draft = drafts[snippet.id];
  if (!draft || draft.sql === snippet.sql) return { source: 'server', sql: snippet.sql };
  if (draft.baseUpdatedAt !== null && draft.baseUpdatedAt !== snippet.updated_at) {
    return { source: 'conflict', sql: draft.sql, serverSql: snippet.sql };
  }
  return { source: 'draft', sql: draft.sql };
}
