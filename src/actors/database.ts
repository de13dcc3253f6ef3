// Database pages' effects (spec A2.6, issue 19). Reads go through the project's query endpoint with bind parameters
// (src/domain/database/ builds the SQL); every write runs the very script the member reviewed, as a task, through
// the same endpoint (one transaction per script; Postgres's error text comes back verbatim).
import { taskWith } from '../../machines/task.machine.ts';
import { runSql } from '../api/table-editor.ts';
import type { Statement } from '../domain/table-editor/sql.ts';
import { databaseSchemasQuery } from '../domain/database/catalog.ts';
import { enumsQuery, type EnumType } from '../domain/database/enums.ts';
import { functionsQuery, type DatabaseFunction } from '../domain/database/functions.ts';
import { schemaGraphQuery, type SchemaGraph } from '../domain/database/schema-graph.ts';
import { tableColumnsQuery, tablesQuery, type DatabaseColumn, type DatabaseTable } from '../domain/database/tables.ts';
import { triggerFunctionsQuery, triggersQuery, triggerTablesQuery, type DatabaseTrigger } from '../domain/database/triggers.ts';

/** Rows of one catalog query. */
export const readRows = <TRow>(ref: string, statement: Statement): Promise<TRow[]> => runSql<TRow>(ref, statement);

/** The schemas a Database page offers in its schema selector. */
export const readSchemaNames = async (ref: string): Promise<string[]> =>
  (await runSql<{ name: string }>(ref, databaseSchemasQuery)).map((row) => row.name);

const withSchemas = async <T>(ref: string, rows: Promise<T>): Promise<{ rows: T; schemas: string[] }> => {
  const [data, schemas] = await Promise.all([rows, readSchemaNames(ref)]);
  return { rows: data, schemas };
};

type SchemaInput = { ref: string; schema: string };

export const functionsRead = taskWith(({ ref, schema }: SchemaInput) => withSchemas(ref, readRows<DatabaseFunction>(ref, functionsQuery(schema))));

export interface TriggersPageData {
  triggers: DatabaseTrigger[];
  tables: string[];
  functions: Array<{ schema: string; name: string }>;
}
export const triggersRead = taskWith(({ ref, schema }: SchemaInput) =>
  withSchemas(
    ref,
    Promise.all([
      readRows<DatabaseTrigger>(ref, triggersQuery(schema)),
      readRows<{ name: string }>(ref, triggerTablesQuery(schema)),
      readRows<{ schema: string; name: string }>(ref, triggerFunctionsQuery),
    ]).then(([triggers, tables, functions]): TriggersPageData => ({ triggers, tables: tables.map((t) => t.name), functions })),
  ),
);

export const enumsRead = taskWith(({ ref, schema }: SchemaInput) => withSchemas(ref, readRows<EnumType>(ref, enumsQuery(schema))));

export const tablesRead = taskWith(({ ref, schema }: SchemaInput) => withSchemas(ref, readRows<DatabaseTable>(ref, tablesQuery(schema))));

export const tableColumnsRead = taskWith(({ ref, schema, table }: SchemaInput & { table: string }) => readRows<DatabaseColumn>(ref, tableColumnsQuery(schema, table)));

export const schemaGraphRead = taskWith(({ ref, schema }: SchemaInput) =>
  withSchemas(
    ref,
    readRows<Omit<SchemaGraph, 'schema'>>(ref, schemaGraphQuery(schema)).then((rows): SchemaGraph => ({ schema, tables: rows[0]?.tables ?? [], foreign_keys: rows[0]?.foreign_keys ?? [] })),
  ),
);
