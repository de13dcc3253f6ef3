// Database pages' effects (spec A2.6, issue 19). Reads go through the project's query endpoint with bind parameters
// (src/domain/database/ builds the SQL); every write runs the very script the member reviewed, as a task, through
// the same endpoint (one transaction per script; Postgres's error text comes back verbatim).
import { taskWith } from '../../machines/task.machine.ts';
import { runSql } from '../api/table-editor.ts';
import type { Statement } from '../domain/table-editor/sql.ts';
import { databaseSchemasQuery } from '../domain/database/catalog.ts';

/** Rows of one catalog query. */
export const readRows = <TRow>(ref: string, statement: Statement): Promise<TRow[]> => runSql<TRow>(ref, statement);

/** The schemas a Database page offers in its schema selector. */
export const readSchemaNames = async (ref: string): Promise<string[]> =>
  (await runSql<{ name: string }>(ref, databaseSchemasQuery)).map((row) => row.name);

/** Runs a reviewed script; done with what the toast says. */
export const databaseScriptTask = taskWith(async ({ ref, query, label }: { ref: string; query: string; label: string }) => {
  await runSql(ref, { query });
  return label;
});
