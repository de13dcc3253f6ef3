// Effects of the Database admin pages (spec A2.6, issue 19): Extensions, Indexes, Publications, Roles, Column
// Privileges and Migrations. Catalog reads go through the project query endpoint with bind parameters
// (src/domain/database/ builds the SQL); writes are the reviewed scripts run by SqlDialog (src/actors/database.ts).
// The migration history has its own endpoint: applying one records it in the same transaction.
import { taskWith } from '../../machines/task.machine.ts';
import { fetchMigrations, postMigration } from '../api/database-migrations.ts';
import { fetchProjectRoles, postRoleWrite, type RoleWrite } from '../api/database-roles.ts';
import { runSql } from '../api/table-editor.ts';
import { readRows, readSchemaNames } from './database.ts';
import { columnPrivilegesQuery, privilegeRolesQuery, privilegeTablesQuery, type ColumnPrivilegeRow } from '../domain/database/column-privileges.ts';
import { extensionDependentsQuery, extensionsQuery, type ExtensionRow } from '../domain/database/extensions.ts';
import { indexesQuery, indexTablesQuery, type IndexRow, type IndexTable } from '../domain/database/indexes.ts';
import { publicationsQuery, publicationTablesQuery, type PublicationRow } from '../domain/database/publications.ts';
import { canManageRolesQuery, rolesQuery, type RoleRow } from '../domain/database/roles.ts';

const names = async (ref: string, statement: Parameters<typeof readRows>[1]) => (await readRows<{ name: string }>(ref, statement)).map((row) => row.name);

export const extensionsRead = taskWith(async ({ ref }: { ref: string }) => {
  const [extensions, schemas] = await Promise.all([readRows<ExtensionRow>(ref, extensionsQuery), readSchemaNames(ref)]);
  return { extensions, schemas };
});

export const extensionDependentsRead = taskWith(async ({ ref, name }: { ref: string; name: string }) =>
  (await readRows<{ object: string }>(ref, extensionDependentsQuery(name))).map((row) => row.object),
);

export const indexesRead = taskWith(async ({ ref, schema }: { ref: string; schema: string }) => {
  const [indexes, tables, schemas] = await Promise.all([
    readRows<IndexRow>(ref, indexesQuery(schema)),
    readRows<IndexTable>(ref, indexTablesQuery(schema)),
    readSchemaNames(ref),
  ]);
  return { indexes, tables, schemas };
});

export const publicationsRead = taskWith(async ({ ref }: { ref: string }) => ({ publications: await readRows<PublicationRow>(ref, publicationsQuery) }));

export const publicationTablesRead = taskWith(async ({ ref, schema }: { ref: string; schema: string }) => {
  const [tables, schemas] = await Promise.all([names(ref, publicationTablesQuery(schema)), readSchemaNames(ref)]);
  return { tables, schemas };
});

/**
 * The roles, whether the console's database role may manage roles itself (CREATEROLE: scripts run through the query
 * endpoint), and else what the platform lets this project manage (its own roles, server/pgmeta/roles.ts).
 */
export const rolesRead = taskWith(async ({ ref }: { ref: string }) => {
  const [roles, manage, platform] = await Promise.all([
    readRows<RoleRow>(ref, rolesQuery),
    readRows<{ can_manage: boolean }>(ref, canManageRolesQuery),
    fetchProjectRoles(ref),
  ]);
  return { roles, canManage: manage[0]?.can_manage === true, platform };
});

/**
 * A Roles dialog's run (SqlDialog's task): with a `request`, the platform runs it (the project's own roles, when the
 * console's role has no CREATEROLE) and refuses unless its SQL is `query`, the SQL shown; without, `query` runs
 * through the query endpoint like every other Database page's script.
 */
export const roleScriptTask = taskWith(async ({ ref, query, label, request }: { ref: string; query: string; label: string; request?: unknown }) => {
  if (request === undefined) await runSql(ref, { query });
  else await postRoleWrite(ref, request as RoleWrite, query);
  return label;
});

export const privilegeChoicesRead = taskWith(async ({ ref, schema }: { ref: string; schema: string }) => {
  const [tables, roles, schemas] = await Promise.all([names(ref, privilegeTablesQuery(schema)), names(ref, privilegeRolesQuery), readSchemaNames(ref)]);
  return { tables, roles, schemas };
});

export const columnPrivilegesRead = taskWith(async ({ ref, schema, table, role }: { ref: string; schema: string; table: string; role: string }) =>
  table === '' || role === '' ? [] : readRows<ColumnPrivilegeRow>(ref, columnPrivilegesQuery(schema, table, role)),
);

export const migrationsRead = taskWith(({ ref }: { ref: string }) => fetchMigrations(ref));

/** The SQL editor's Save as migration: applied and recorded in one transaction; done with the toast's text. */
export const applyMigrationTask = taskWith(async ({ ref, name, query }: { ref: string; name: string; query: string }) => {
  const applied = await postMigration(ref, name, query);
  return `Migration "${applied.name}" applied (version ${applied.version})`;
});
