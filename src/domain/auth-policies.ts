// Authentication → Policies (spec A2.7 "Configuration: policies", issue 18): every table of a schema with its RLS
// state and its row-level security policies, read from the catalog (pg_class, pg_policy) with bind parameters; the
// DDL that enables or disables RLS and creates, edits and drops policies. Identifiers are quoted only by pg-format's
// helpers (table-editor/sql.ts); the USING and WITH CHECK expressions are the member's own SQL by design — the
// console shows the whole statement before it runs.
import type { MemberRole } from './shared-constants.ts';
import { can } from './permissions.ts';
import { ident, qualified, type Statement } from './table-editor/sql.ts';
import { transaction, type Script } from './table-editor/ddl.ts';

export const POLICY_COMMANDS = ['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
export type PolicyCommand = (typeof POLICY_COMMANDS)[number];

/** One policy as the catalog has it. */
export interface PolicyRow {
  name: string;
  command: PolicyCommand;
  roles: string[];
  using: string | null;
  with_check: string | null;
  permissive: boolean;
}

/** One table of the chosen schema with its RLS state and policies. */
export interface PolicyTable {
  schema: string;
  name: string;
  rls_enabled: boolean;
  policies: PolicyRow[];
}

/** What the editor's form holds. */
export interface PolicyDraft {
  schema: string;
  table: string;
  name: string;
  command: PolicyCommand;
  /** Empty means public (Postgres's default). */
  roles: string[];
  using: string;
  withCheck: string;
  permissive: boolean;
}

export const DEFAULT_POLICY_SCHEMA = 'public';

/** Which expressions a command takes (Postgres: INSERT only WITH CHECK; SELECT and DELETE only USING). */
export const takesUsing = (command: PolicyCommand): boolean => command !== 'INSERT';
export const takesWithCheck = (command: PolicyCommand): boolean => command === 'ALL' || command === 'INSERT' || command === 'UPDATE';

export const emptyPolicyDraft = (schema: string, table: string): PolicyDraft => ({
  schema,
  table,
  name: '',
  command: 'SELECT',
  roles: [],
  using: '',
  withCheck: '',
  permissive: true,
});

export const draftFromPolicy = (table: Pick<PolicyTable, 'schema' | 'name'>, policy: PolicyRow): PolicyDraft => ({
  schema: table.schema,
  table: table.name,
  name: policy.name,
  command: policy.command,
  roles: policy.roles.filter((role) => role !== 'public'),
  using: policy.using ?? '',
  withCheck: policy.with_check ?? '',
  permissive: policy.permissive,
});

/** A readable reason the draft cannot be saved, or null. */
export function policyDraftProblem(draft: PolicyDraft): string | null {
  if (draft.name.trim() === '') return 'Please provide a name for your policy';
  if (draft.table === '') return 'Please select a table';
  if (takesUsing(draft.command) && !takesWithCheck(draft.command) && draft.using.trim() === '') return 'Please provide a USING expression';
  if (takesWithCheck(draft.command) && !takesUsing(draft.command) && draft.withCheck.trim() === '') return 'Please provide a WITH CHECK expression';
  if (takesUsing(draft.command) && takesWithCheck(draft.command) && draft.using.trim() === '' && draft.withCheck.trim() === '') {
    return 'Please provide a USING or WITH CHECK expression';
  }
  return null;
}

// ─── SQL ────────────────────────────────────────────────────────────────────────────────────────────────────────

const rolesSql = (roles: readonly string[]): string =>
  roles.length === 0 ? 'public' : roles.map((role) => (role === 'public' ? 'public' : ident(role))).join(', ');

/** create policy "name" on "schema"."table" as permissive for select to public using (…) with check (…) */
export function createPolicySql(draft: PolicyDraft): string {
  const parts = [
    `create policy ${ident(draft.name.trim())}`,
    `on ${qualified(draft.schema, draft.table)}`,
    `as ${draft.permissive ? 'permissive' : 'restrictive'}`,
    `for ${draft.command.toLowerCase()}`,
    `to ${rolesSql(draft.roles)}`,
  ];
  if (takesUsing(draft.command) && draft.using.trim() !== '') parts.push(`using (${draft.using.trim()})`);
  if (takesWithCheck(draft.command) && draft.withCheck.trim() !== '') parts.push(`with check (${draft.withCheck.trim()})`);
  return parts.join('\n');
}

export function dropPolicySql(schema: string, table: string, name: string): string {
  return `drop policy ${ident(name)} on ${qualified(schema, table)}`;
}

/** A new policy: one statement. */
export const createPolicyScript = (draft: PolicyDraft): Script => transaction([createPolicySql(draft)]);

/**
 * An edit: the old policy dropped and the new one created in one transaction. `alter policy` cannot change the command
 * or permissive/restrictive, so drop-and-create is the one form that applies every edit; a failure rolls both back.
 */
export const editPolicyScript = (before: { schema: string; table: string; name: string }, draft: PolicyDraft): Script =>
  transaction([dropPolicySql(before.schema, before.table, before.name), createPolicySql(draft)]);

export const deletePolicyScript = (schema: string, table: string, name: string): Script => transaction([dropPolicySql(schema, table, name)]);

export const setRlsScript = (schema: string, table: string, enabled: boolean): Script =>
  transaction([`alter table ${qualified(schema, table)} ${enabled ? 'enable' : 'disable'} row level security`]);

/**
 * The schema's ordinary and partitioned tables whose name contains `search` (case-insensitive, % and _ literal), each
 * with its RLS state and its policies, as JSON built by Postgres (pg_policy read directly: pg_policies has no schema
 * filter by oid). Roles: 0 in polroles is public.
 */
export function policyTablesQuery(schema: string, search: string): Statement {
  return {
    query: `select n.nspname as schema, c.relname as name, c.relrowsecurity as rls_enabled,
  coalesce((
    select json_agg(json_build_object(
      'name', p.polname,
      'command', case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end,
      'roles', (select coalesce(json_agg(case when pr.oid = 0 then 'public' else r.rolname end order by pr.oid <> 0, r.rolname), '[]'::json)
                from unnest(p.polroles) as pr(oid) left join pg_roles r on r.oid = pr.oid),
      'using', pg_get_expr(p.polqual, p.polrelid),
      'with_check', pg_get_expr(p.polwithcheck, p.polrelid),
      'permissive', p.polpermissive
    ) order by p.polname)
    from pg_policy p where p.polrelid = c.oid
  ), '[]'::json) as policies
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p')
  and ($2 = '' or strpos(lower(c.relname), lower($2)) > 0)
order by c.relname`,
    parameters: [schema, search.trim()],
  };
}

/** Schemas a member may pick (the system's own left out). */
export const policySchemasQuery: Statement = {
  query: `select nspname as name from pg_namespace
where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
order by nspname`,
  parameters: [],
};

/**
 * Roles a policy may name: Postgres's own pg_* roles left out, and the platform's strata_* roles (each project's
 * owner and the platform's own): the local platform keeps every project in one cluster, so they would name other
 * projects to this project's members.
 */
export const policyRolesQuery: Statement = {
  query: `select rolname as name from pg_roles where rolname not like 'pg\\_%' and rolname not like 'strata\\_%' order by rolname`,
  parameters: [],
};

// ─── templates ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface PolicyTemplate {
  id: string;
  name: string;
  command: PolicyCommand;
  roles: string[];
  using: string;
  withCheck: string;
}

export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  { id: 'read-all', name: 'Enable read access for all users', command: 'SELECT', roles: [], using: 'true', withCheck: '' },
  { id: 'insert-authenticated', name: 'Enable insert for authenticated users only', command: 'INSERT', roles: ['authenticated'], using: '', withCheck: 'true' },
  {
    id: 'update-own',
    name: 'Enable update for users based on user_id',
    command: 'UPDATE',
    roles: ['authenticated'],
    using: 'auth.uid() = user_id',
    withCheck: 'auth.uid() = user_id',
  },
  { id: 'delete-own', name: 'Enable delete for users based on user_id', command: 'DELETE', roles: ['authenticated'], using: 'auth.uid() = user_id', withCheck: '' },
];

/** The draft with a template's fields (table and schema kept). */
export const applyPolicyTemplate = (draft: PolicyDraft, template: PolicyTemplate): PolicyDraft => ({
  ...draft,
  name: template.name,
  command: template.command,
  roles: [...template.roles],
  using: template.using,
  withCheck: template.withCheck,
  permissive: true,
});

// ─── texts and permission ───────────────────────────────────────────────────────────────────────────────────────

/** Writes run DDL through the query endpoint: members who may read the service keys (read_only members may not). */
export const canManagePolicies = (role: MemberRole | null | undefined): boolean => can(role, 'READ', 'service_api_keys');

export const POLICIES_REFUSED = 'You need additional permissions to manage policies';

export const POLICIES_TEXT = {
  title: 'Policies',
  rlsEnabled: 'RLS enabled',
  rlsDisabled: 'RLS disabled',
  enableRls: 'Enable RLS',
  disableRls: 'Disable RLS',
  createPolicy: 'Create policy',
  noTables: 'No tables in this schema',
  noTablesFound: 'No tables found',
  noPolicies: 'No policies created yet',
  search: 'Search for a table',
  schema: 'Schema',
  review: 'Review',
  save: 'Save policy',
  back: 'Back',
  delete: 'Delete policy',
} as const;

/** The tables whose name contains `search` (case-insensitive), for the page's search box. */
export const filterPolicyTables = (tables: readonly PolicyTable[], search: string): PolicyTable[] => {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...tables] : tables.filter((table) => table.name.toLowerCase().includes(needle));
};

/** What a confirmation says it will run. */
export const rlsConfirmTitle = (table: string, enable: boolean): string =>
  enable ? `Enable Row Level Security on ${table}` : `Disable Row Level Security on ${table}`;
