// Authentication settings pages (spec A2.7, issue 18): the route loaders' read of the project's auth settings
// (GET /platform/projects/{ref}/config/auth), the save task (PATCH of what changed), and the reads of the auth
// audit log and the overview's figures through the console's query endpoint with bind parameters
// (src/domain/auth-audit.ts builds the SQL). Views never call src/api themselves (DESIGN §2, §3).
import { taskWith } from '../../machines/task.machine.ts';
import { api } from '../api/client.ts';
import { runSql } from '../api/table-editor.ts';
import {
  auditLogPageQuery,
  authOverviewQuery,
  emptyAuthOverview,
  toAuditLogPage,
  toAuthOverview,
  type AuditLogPage,
  type AuditLogRequest,
  type AuditLogRow,
  type AuthOverview,
  type AuthOverviewRow,
} from '../domain/auth-audit.ts';
import type { AuthSettings, AuthSettingValue } from '../domain/auth-settings.ts';
import { MISSING_AUTH_USERS_CODES } from '../domain/project-users.ts';
import { ApiError } from '../api/client.ts';

/** A project whose auth was never used has no auth schema yet: nothing logged, no users. */
const missingAuthSchema = (error: unknown): boolean => {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && MISSING_AUTH_USERS_CODES.includes(code);
};

const configPath = (ref: string) => `platform/projects/${encodeURIComponent(ref)}/config/auth`;

/** The route loader's read. */
export const loadAuthSettings = (ref: string) => api.get(configPath(ref)).json<AuthSettings>();

/** Saves the changed settings; done with the settings as now stored. */
export const saveAuthSettingsTask = taskWith(({ ref, patch }: { ref: string; patch: Record<string, AuthSettingValue> }) =>
  api.patch(configPath(ref), { json: patch }).json<AuthSettings>(),
);

/** One page of the project's auth audit log, newest first. */
export const auditLogRead = taskWith(async ({ ref, request }: { ref: string; request: AuditLogRequest }): Promise<AuditLogPage> => {
  try {
    return toAuditLogPage(await runSql<AuditLogRow>(ref, auditLogPageQuery(request)), request);
  } catch (error) {
    if (missingAuthSchema(error)) return { rows: [], next: null };
    throw error;
  }
});

/** The overview's figures: users and sign-ins per day. */
export const authOverviewRead = taskWith(async ({ ref, days }: { ref: string; days: number }): Promise<AuthOverview> => {
  try {
    return toAuthOverview(await runSql<AuthOverviewRow>(ref, authOverviewQuery(days)), days);
  } catch (error) {
    if (missingAuthSchema(error)) return emptyAuthOverview(days);
    throw error;
  }
});
