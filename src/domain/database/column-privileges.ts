// Database → Column Privileges (spec A2.6 "Configuration: Column Privileges (ALPHA)", issue 19): for one table and one
// role, a grid of columns × privileges (select, insert, update, references). A cell is granted on the column itself,
// implied by a grant on the whole table (revoked on the table, not per column), or not granted. Each toggle is one
// GRANT or REVOKE on that column, shown before it runs. Identifiers quoted by pg-format.
import { ident, qualified, type Statement } from '../table-editor/sql.ts';
import { transaction, type Script } from '../table-editor/ddl.ts';

export const COLUMN_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const;
export type ColumnPrivilege = (typeof COLUMN_PRIVILEGES)[number];

export interface ColumnPrivilegeRow {
  name: string;
  type: string;
  /** Privileges granted to the role on this column. */
  column_privileges: string[];
  /** Privileges granted to the role on the whole table (they cover every column). */
  table_privileges: string[];
}

export type CellState = 'column' | 'table' | 'none';

export const cellState = (row: ColumnPrivilegeRow, privilege: ColumnPrivilege): CellState =>
  row.table_privileges.includes(privilege) ? 'table' : row.column_privileges.includes(privilege) ? 'column' : 'none';

/** The table's columns with the role's grants on each and on the table (grants to PUBLIC not counted). */
export function columnPrivilegesQuery(schema: string, table: string, role: string): Statement {
  return {
    query: `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  coalesce((select json_agg(distinct x.privilege_type) from aclexplode(a.attacl) x where x.grantee = r.oid), '[]'::json) as column_privileges,
  coalesce((select json_agg(distinct x.privilege_type) from aclexplode(c.relacl) x where x.grantee = r.oid), '[]'::json) as table_privileges
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
cross join (select oid from pg_roles where rolname = $3) r
where n.nspname = $1 and c.relname = $2
order by a.attnum`,
    parameters: [schema, table, role],
  };
}

/** The schema's tables and views (column privileges apply to both). */
export function privilegeTablesQuery(schema: string): Statement {
  return {
    query: `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') order by c.relname`,
    parameters: [schema],
  };
}

/** Roles a grant may name: neither Postgres's pg_* roles nor the platform's strata_* roles. */
export const privilegeRolesQuery: Statement = {
  query: `select rolname as name from pg_roles where rolname not like 'pg\\_%' and rolname not like 'strata\\_%' and not rolsuper order by rolname`,
  parameters: [],
};

export interface ColumnGrant {
  schema: string;
  table: string;
  role: string;
  column: string;
  privilege: ColumnPrivilege;
}

/** grant select ("col") on table "s"."t" to "role" — or the revoke. */
export function columnGrantScript(grant: ColumnGrant, on: boolean): Script {
  const target = `${grant.privilege.toLowerCase()} (${ident(grant.column)}) on table ${qualified(grant.schema, grant.table)}`;
  return transaction([on ? `grant ${target} to ${ident(grant.role)}` : `revoke ${target} from ${ident(grant.role)}`]);
}

export const filterColumns = (rows: readonly ColumnPrivilegeRow[], search: string): ColumnPrivilegeRow[] => {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle));
};
