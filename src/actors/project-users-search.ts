// The role picker's user search (spec B2.7, issue 14): the project's auth users, read through the console's query
// endpoint with the typed text as a bind parameter (src/domain/project-users.ts builds the SQL), and the search
// machine running it.
import { fromPromise } from 'xstate';
import { projectUserSearchMachine } from '../../machines/project-user-search.machine.ts';
import { ApiError } from '../api/client.ts';
import { runSql } from '../api/table-editor.ts';
import { MISSING_AUTH_USERS_CODES, projectUsersSearch, type ProjectUser } from '../domain/project-users.ts';

/** A search bound to one project: what the role picker is given (a fake in tests). */
export type SearchProjectUsers = (text: string, signal?: AbortSignal) => Promise<ProjectUser[]>;

const missingAuthUsers = (error: unknown): boolean => {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && MISSING_AUTH_USERS_CODES.includes(code);
};

/**
 * At most 20 users of the project whose email holds `text` (or whose id it is), by email; the newest users when
 * `text` is empty. A project without the auth schema (made before projects had their own auth) has none: [].
 */
export async function searchProjectUsers(ref: string, text: string, signal?: AbortSignal): Promise<ProjectUser[]> {
  try {
    return await runSql<ProjectUser>(ref, projectUsersSearch(text), signal ? { signal } : {});
  } catch (error) {
    if (missingAuthUsers(error)) return [];
    throw error;
  }
}

/** The search machine running `search`; the machine stops (aborts) a search made stale by typing. */
export const projectUserSearchWith = (search: SearchProjectUsers) =>
  projectUserSearchMachine.provide({
    actors: { searchUsers: fromPromise<ProjectUser[], { text: string }>(({ input, signal }) => search(input.text, signal)) },
  });
