// Authentication → Users effects (spec A2.7, issue 18). Reads go through the console's query endpoint with bind
// parameters (src/domain/auth-users.ts builds the SQL, as src/actors/project-users-search.ts does); writes go to the
// project's own auth admin API ({project API URL}/auth/v1) with a temporary service_role key (spec A7, C9: 300 s)
// that the platform gives only to members allowed to (read_only members are refused). The key travels in headers
// only and is never logged, kept, or put in a URL.
import { fromPromise } from 'xstate';
import { authUserListMachine } from '../../machines/auth-user-list.machine.ts';
import { taskWith } from '../../machines/task.machine.ts';
import { ApiError } from '../api/client.ts';
import { runSql } from '../api/table-editor.ts';
import { createTemporaryApiKey, fetchProjectApiUrl } from '../api/uploads.ts';
import {
  authUserDetailQuery,
  authUsersPageQuery,
  toAuthUsersPage,
  type AuthUserDetail,
  type AuthUserRow,
  type AuthUsersPage,
  type AuthUsersPageRequest,
} from '../domain/auth-users.ts';
import { MISSING_AUTH_USERS_CODES } from '../domain/project-users.ts';

const missingAuthUsers = (error: unknown): boolean => {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && MISSING_AUTH_USERS_CODES.includes(code);
};

/** One page of the project's users; a project without the auth schema has none. */
export async function fetchAuthUsersPage(ref: string, request: AuthUsersPageRequest, signal?: AbortSignal): Promise<AuthUsersPage> {
  try {
    return toAuthUsersPage(await runSql<AuthUserRow>(ref, authUsersPageQuery(request), signal ? { signal } : {}));
  } catch (error) {
    if (missingAuthUsers(error)) return { users: [], next: null };
    throw error;
  }
}

/** The list machine reading `ref`'s users (stopping a superseded read aborts its request). */
export const authUserListFor = (ref: string, fetchPage = fetchAuthUsersPage) => {
  const page = fromPromise<AuthUsersPage, AuthUsersPageRequest>(({ input, signal }) => fetchPage(ref, input, signal));
  return authUserListMachine.provide({ actors: { fetchFirstPage: page, fetchNextPage: page } });
};

export async function fetchAuthUserDetail(ref: string, id: string): Promise<AuthUserDetail> {
  const [row] = await runSql<AuthUserDetail>(ref, authUserDetailQuery(id));
  if (!row) throw new Error('User not found');
  return row;
}

// ─── the project's auth admin API ────────────────────────────────────────────────────────────────────────────────

/** GoTrue's error text ({msg} or {message} or {error_description}), else the status. */
async function authFailure(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { msg?: unknown; message?: unknown; error_description?: unknown } | null;
  const text = [body?.msg, body?.message, body?.error_description].find((m): m is string => typeof m === 'string' && m !== '');
  return new Error(text ?? `The auth service answered ${response.status}`);
}

async function projectAuth<T>(ref: string, method: string, path: string, body?: unknown): Promise<T> {
  // A fresh key a write (writes are rare): none is kept where another sign-in in the same tab could use it.
  const [base, key] = await Promise.all([fetchProjectApiUrl(ref), createTemporaryApiKey(ref)]);
  const response = await fetch(`${base}/auth/v1${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw await authFailure(response);
  return (await response.json().catch(() => ({}))) as T;
}

export interface CreateAuthUserRequest {
  ref: string;
  email: string;
  password: string;
  autoConfirm: boolean;
}

/** POST /admin/users; done with the user's email. */
export const createAuthUserTask = taskWith(async ({ ref, email, password, autoConfirm }: CreateAuthUserRequest) => {
  const user = await projectAuth<{ email?: string }>(ref, 'POST', '/admin/users', { email, password, email_confirm: autoConfirm });
  return user.email ?? email;
});

/** POST /invite: the invitation mail goes to the project's inbox. */
export const inviteAuthUserTask = taskWith(async ({ ref, email }: { ref: string; email: string }) => {
  await projectAuth(ref, 'POST', '/invite', { email });
  return email;
});

/** POST /recover: the recovery mail, as the user's own 'forgot password' would send it. */
export const sendRecoveryTask = taskWith(async ({ ref, email }: { ref: string; email: string }) => {
  await projectAuth(ref, 'POST', '/recover', { email });
  return email;
});

/** POST /otp without creating a user: the magic link mail. */
export const sendMagicLinkTask = taskWith(async ({ ref, email }: { ref: string; email: string }) => {
  await projectAuth(ref, 'POST', '/otp', { email, create_user: false });
  return email;
});

/** DELETE /admin/users/:id (a hard delete: the row, its sessions and factors go). */
export const deleteAuthUserTask = taskWith(async ({ ref, id }: { ref: string; id: string }) => {
  await projectAuth(ref, 'DELETE', `/admin/users/${encodeURIComponent(id)}`, { should_soft_delete: false });
  return id;
});

/** The detail panel's read. */
export const authUserDetailTask = taskWith(({ ref, id }: { ref: string; id: string }) => fetchAuthUserDetail(ref, id));
