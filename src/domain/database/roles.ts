// Database → Roles (spec A2.6 "Configuration: Roles", issue 19): the cluster's roles with their attributes and
// memberships; create one, edit its attributes, grant and revoke membership, delete it. The platform's own roles
// (strata_*: every project's owner and API role, naming other projects in a shared cluster) are never listed;
// Postgres's pg_* roles, superusers and the roles the project API relies on are listed read-only. Identifiers and
// literals quoted by pg-format.
import { ident, literal, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';

export interface RoleRow {
  name: string;
  superuser: boolean;
  can_login: boolean;
  create_db: boolean;
  create_role: boolean;
  replication: boolean;
  bypass_rls: boolean;
  inherit: boolean;
  /** -1: no limit. */
  connection_limit: number;
  valid_until: string | null;
  member_of: string[];
}

/** Roles the project's API and auth use: editing them would break the Data API. */
export const API_ROLES = ['anon', 'authenticated', 'service_role', 'authenticator'] as const;

/** Listed but never editable: Postgres's own, the API's, and any superuser (the cluster's bootstrap role). */
export const isReservedRole = (role: Pick<RoleRow, 'name' | 'superuser'>): boolean =>
  role.superuser || role.name.startsWith('pg_') || (API_ROLES as readonly string[]).includes(role.name);

export const rolesQuery: Statement = {
  query: `select r.rolname as name, r.rolsuper as superuser, r.rolcanlogin as can_login, r.rolcreatedb as create_db,
  r.rolcreaterole as create_role, r.rolreplication as replication, r.rolbypassrls as bypass_rls, r.rolinherit as inherit,
  r.rolconnlimit as connection_limit, r.rolvaliduntil as valid_until,
  coalesce((select json_agg(g.rolname order by g.rolname) from pg_auth_members m join pg_roles g on g.oid = m.roleid
    where m.member = r.oid and (g.rolname not like 'strata\\_%' or g.rolname = current_user)), '[]'::json) as member_of
from pg_roles r
where r.rolname not like 'strata\\_%'
order by r.rolname`,
  parameters: [],
};

/** Whether the console's database role may create and alter roles (CREATEROLE or superuser). */
export const canManageRolesQuery: Statement = {
  query: `select (rolcreaterole or rolsuper) as can_manage from pg_roles where rolname = current_user`,
  parameters: [],
};

export interface RoleDraft {
  name: string;
  canLogin: boolean;
  createDb: boolean;
  createRole: boolean;
  replication: boolean;
  bypassRls: boolean;
  inherit: boolean;
  /** Text from the form: '' or '-1' is no limit. */
  connectionLimit: string;
  /** '' for no expiry, else a timestamp Postgres reads ('2027-01-01' or ISO). */
  validUntil: string;
  /** '' keeps (edit) or sets none (create). */
  password: string;
}

export const emptyRoleDraft = (): RoleDraft => ({
  name: '',
  canLogin: false,
  createDb: false,
  createRole: false,
  replication: false,
  bypassRls: false,
  inherit: true,
  connectionLimit: '',
  validUntil: '',
  password: '',
});

export const draftFromRole = (role: RoleRow): RoleDraft => ({
  name: role.name,
  canLogin: role.can_login,
  createDb: role.create_db,
  createRole: role.create_role,
  replication: role.replication,
  bypassRls: role.bypass_rls,
  inherit: role.inherit,
  connectionLimit: role.connection_limit < 0 ? '' : String(role.connection_limit),
  validUntil: role.valid_until ?? '',
  password: '',
});

const limitOf = (text: string): number => (text.trim() === '' ? -1 : Number(text.trim()));

export function roleDraftProblem(draft: RoleDraft): string | null {
  const name = draft.name.trim();
  if (name === '') return 'Please provide a name for the role';
  if (name.length > 63) return 'A role name is at most 63 characters';
  if (name.startsWith('pg_')) return 'Role names starting with pg_ are reserved by Postgres';
  if (name.startsWith('strata_')) return 'Role names starting with strata_ are reserved by the platform';
  const limit = limitOf(draft.connectionLimit);
  if (!Number.isInteger(limit) || limit < -1 || limit > 100_000) return 'The connection limit is a whole number (-1 or empty for no limit)';
  if (draft.validUntil.trim() !== '' && draft.validUntil.trim() !== 'infinity' && Number.isNaN(Date.parse(draft.validUntil.trim()))) {
    return 'Valid until must be a date, such as 2027-01-31';
  }
  return null;
}

const flag = (on: boolean, word: string) => (on ? word : `no${word}`);

/** The WITH options of a role, only those that differ from `before` (all of them for a new role). */
function roleOptions(draft: RoleDraft, before: RoleDraft | null): string[] {
  const options: string[] = [];
  const pairs: Array<[keyof RoleDraft, string]> = [
    ['canLogin', 'login'],
    ['createDb', 'createdb'],
    ['createRole', 'createrole'],
    ['replication', 'replication'],
    ['bypassRls', 'bypassrls'],
    ['inherit', 'inherit'],
  ];
  for (const [key, word] of pairs) {
    if (!before || before[key] !== draft[key]) options.push(flag(draft[key] as boolean, word));
  }
  const limit = limitOf(draft.connectionLimit);
  if (!before || limitOf(before.connectionLimit) !== limit) options.push(`connection limit ${limit}`);
  const until = draft.validUntil.trim();
  if (!before || before.validUntil.trim() !== until) options.push(`valid until ${literal(until === '' ? 'infinity' : until)}`);
  if (draft.password !== '') options.push(`password ${literal(draft.password)}`);
  return options;
}

/** create role "name" with login nocreatedb … connection limit -1 valid until 'infinity' [password '…'] */
export function createRoleScript(draft: RoleDraft): Script {
  const problem = roleDraftProblem(draft);
  if (problem) throw new Error(problem);
  return transaction([`create role ${ident(draft.name.trim())} with ${roleOptions(draft, null).join(' ')}`]);
}

/** A rename (if the name changed) and the changed attributes, in one transaction. */
export function editRoleScript(before: RoleDraft, draft: RoleDraft): Script {
  return transaction(editRoleStatements(before, draft));
}

export function editRoleStatements(before: RoleDraft, draft: RoleDraft): string[] {
  const problem = roleDraftProblem(draft);
  if (problem) throw new Error(problem);
  const statements: string[] = [];
  const name = draft.name.trim();
  if (name !== before.name) statements.push(`alter role ${ident(before.name)} rename to ${ident(name)}`);
  const options = roleOptions(draft, before);
  if (options.length > 0) statements.push(`alter role ${ident(name)} with ${options.join(' ')}`);
  if (statements.length === 0) throw new Error('Nothing to change');
  return statements;
}

/** grant "group" to "role" / revoke "group" from "role" */
export const membershipStatement = (role: string, group: string, grant: boolean): string =>
  grant ? `grant ${ident(group)} to ${ident(role)}` : `revoke ${ident(group)} from ${ident(role)}`;

export const membershipScript = (role: string, group: string, grant: boolean): Script => transaction([membershipStatement(role, group, grant)]);

export const dropRoleStatement = (name: string): string => `drop role ${ident(name)}`;

export const dropRoleScript = (name: string): Script => transaction([dropRoleStatement(name)]);

// ---- Project roles on a shared cluster (the local platform, issue 19) ----
// The console's database role has no CREATEROLE there (it would reach every tenant's roles). The platform runs these
// scripts itself after its checks (server/pgmeta/roles.ts), building them with the same functions, so the SQL a
// dialog shows is the SQL that runs: a new role is recorded for the project, may connect to the project's database
// only, and gets none of the attributes that reach beyond that database.

/** Attributes a project role may not have on a shared cluster, each with why. */
export function projectRoleAttributeProblem(draft: Pick<RoleDraft, 'createDb' | 'createRole' | 'replication' | 'bypassRls'>): string | null {
  if (draft.createRole) return 'A project role cannot create roles: roles are shared by every project on this server';
  if (draft.createDb) return 'A project role cannot create databases: databases are shared by every project on this server';
  if (draft.replication) return 'A project role cannot be a replication role: replication reads every database on this server';
  if (draft.bypassRls) return 'A project role cannot bypass Row Level Security on this platform';
  return null;
}

/** Names no project role may take (beside any existing role and the pg_/strata_ prefixes). */
export const RESERVED_ROLE_NAMES = [...API_ROLES, 'postgres', 'public', 'none', 'current_user', 'session_user', 'current_role', 'supabase_admin'] as const;

export function projectRoleNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if ((RESERVED_ROLE_NAMES as readonly string[]).includes(trimmed.toLowerCase())) return `The role name "${trimmed}" is reserved`;
  return null;
}

/** The statements that create a project role: the role itself, then CONNECT on the project's database only. */
export function createProjectRoleStatements(draft: RoleDraft, database: string): string[] {
  const problem = roleDraftProblem(draft) ?? projectRoleNameProblem(draft.name) ?? projectRoleAttributeProblem(draft);
  if (problem) throw new Error(problem);
  const name = ident(draft.name.trim());
  return [`create role ${name} with ${roleOptions(draft, null).join(' ')}`, `grant connect on database ${ident(database)} to ${name}`];
}

export const createProjectRoleScript = (draft: RoleDraft, database: string): Script => transaction(createProjectRoleStatements(draft, database));

/** An edit of a project role: the same as editRoleStatements, refused when it would give a refused attribute. */
export function editProjectRoleStatements(before: RoleDraft, draft: RoleDraft): string[] {
  const problem = roleDraftProblem(draft) ?? (draft.name.trim() !== before.name ? projectRoleNameProblem(draft.name) : null) ?? projectRoleAttributeProblem(draft);
  if (problem) throw new Error(problem);
  return editRoleStatements(before, draft);
}

/** Drops a project role: first the CONNECT it was given on the project's database, then the role. */
export const dropProjectRoleStatements = (name: string, database: string): string[] => [
  `revoke connect on database ${ident(database)} from ${ident(name)}`,
  dropRoleStatement(name),
];

export const dropProjectRoleScript = (name: string, database: string): Script => transaction(dropProjectRoleStatements(name, database));

export const editProjectRoleScript = (before: RoleDraft, draft: RoleDraft): Script => transaction(editProjectRoleStatements(before, draft));

/**
 * The roles a project sees where the platform manages them (a shared cluster): Postgres's, the API's and the
 * superusers (read-only) and the project's own; other tenants' roles are left out of its list.
 */
export const projectVisibleRoles = (rows: readonly RoleRow[], own: readonly string[]): RoleRow[] =>
  rows.filter((row) => isReservedRole(row) || own.includes(row.name));

export const filterRoles = (rows: readonly RoleRow[], search: string): RoleRow[] => {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle));
};

/** The attributes a row shows, as short labels. */
export function roleAttributes(role: RoleRow): string[] {
  return [
    role.superuser ? 'Superuser' : null,
    role.can_login ? 'Can login' : null,
    role.create_db ? 'Create DB' : null,
    role.create_role ? 'Create role' : null,
    role.replication ? 'Replication' : null,
    role.bypass_rls ? 'Bypass RLS' : null,
  ].filter((label): label is string => label !== null);
}
