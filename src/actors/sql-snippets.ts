// Real effects of the snippet list (spec B2.2): create, rename, favourite, delete. The sidebar runs them as a task
// (`snippetChangeTask`, machines/task.machine.ts); views never call src/api themselves (DESIGN §2, §3).
import { taskWith } from '../../machines/task.machine.ts';
import { createSnippet, deleteSnippet, updateSnippet } from '../api/sql-editor.ts';
import type { SqlSnippet } from '../api/schemas/sqlEditor.ts';
import { NEW_SNIPPET_NAME } from '../domain/sql-editor.ts';

export type SnippetChange =
  | { kind: 'create' }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'favorite'; id: string; favorite: boolean }
  | { kind: 'delete'; id: string };

/** Applies one change; the snippet as the platform now has it (null once deleted). */
export async function changeSnippet(projectRef: string, change: SnippetChange): Promise<{ change: SnippetChange; snippet: SqlSnippet | null }> {
  if (change.kind === 'create') return { change, snippet: await createSnippet(projectRef, { name: NEW_SNIPPET_NAME, sql: '' }) };
  if (change.kind === 'rename') return { change, snippet: await updateSnippet(projectRef, change.id, { name: change.name }) };
  if (change.kind === 'favorite') return { change, snippet: await updateSnippet(projectRef, change.id, { favorite: change.favorite }) };
  await deleteSnippet(projectRef, change.id);
  return { change, snippet: null };
}

/** One snippet change as a task: done with the change and the snippet as the platform now has it. */
export const snippetChangeTask = taskWith(({ projectRef, change }: { projectRef: string; change: SnippetChange }) => changeSnippet(projectRef, change));
