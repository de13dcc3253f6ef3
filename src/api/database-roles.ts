// HTTP of Database → Roles on the shared cluster (issue 19, server/pgmeta/roles.ts): the platform creates, edits,
// grants and drops the project's own roles after its checks. Each write carries the SQL the dialog showed; the
// platform runs it only when its own build is the same text. A refusal or Postgres's error rejects with its message.
import { api } from './client.ts';
import type { RoleDraft } from '../domain/database/roles.ts';

const path = (ref: string) => `platform/pg-meta/${encodeURIComponent(ref)}/roles`;
const rolePath = (ref: string, name: string) => `${path(ref)}/${encodeURIComponent(name)}`;

/** The roles this project created (the only ones it may change), its database and its owner role. */
export interface ProjectRoles {
  database: string;
  owner: string;
  roles: string[];
}

export const fetchProjectRoles = (ref: string) => api.get(path(ref)).json<ProjectRoles>();

export type RoleWrite =
  | { kind: 'create'; draft: RoleDraft }
  | { kind: 'edit'; name: string; draft: RoleDraft }
  | { kind: 'membership'; name: string; group: string; grant: boolean }
  | { kind: 'drop'; name: string };

export async function postRoleWrite(ref: string, write: RoleWrite, shown: string): Promise<void> {
  switch (write.kind) {
    case 'create':
      await api.post(path(ref), { json: { draft: write.draft, shown } });
      return;
    case 'edit':
      await api.patch(rolePath(ref, write.name), { json: { draft: write.draft, shown } });
      return;
    case 'membership':
      await api.post(`${rolePath(ref, write.name)}/membership`, { json: { group: write.group, grant: write.grant, shown } });
      return;
    case 'drop':
      await api.delete(rolePath(ref, write.name), { json: { shown } });
      return;
  }
}
