// The latest text of a snippet, for the name the Rename dialog proposes (issue 14): the snippet list holds the
// text as it was when the list loaded, so an untitled snippet just typed would be named from its old text. The
// local draft (written on every keystroke, src/actors/sql-editor.ts) is the newest; else the platform's copy.
import { fetchSnippet } from '../api/sql-editor.ts';
import { parseDrafts, sqlDraftsKey } from '../domain/sql-drafts.ts';
import { taskWith } from '../../machines/task.machine.ts';

function readDrafts(ref: string): string | null {
  try {
    return localStorage.getItem(sqlDraftsKey(ref));
  } catch {
    return null; // storage refused (private mode): the platform's copy is asked for
  }
}

export async function latestSnippetText(ref: string, snippetId: string): Promise<{ id: string; sql: string }> {
  const draft = parseDrafts(readDrafts(ref))[snippetId];
  if (draft) return { id: snippetId, sql: draft.sql };
  return { id: snippetId, sql: (await fetchSnippet(ref, snippetId)).sql };
}

export const latestSnippetTextTask = taskWith(({ ref, snippetId }: { ref: string; snippetId: string }) => latestSnippetText(ref, snippetId));
