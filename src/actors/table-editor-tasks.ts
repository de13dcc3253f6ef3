// Real effects of the table editor's side panels and confirmation dialogs (spec B2.1), as tasks
// (machines/task.machine.ts): the panels run them through src/views/shared/useTask.ts and never call src/api
// themselves (DESIGN §2, issue 15). Each takes everything it needs as input, so one machine serves every panel; the
// outputs carry what the panel's toast says, taken when the task was run (not from fields typed since).
import { taskWith, type TaskMachine } from '../../machines/task.machine.ts';
import {
  fetchCellValue,
  fetchColumnConstraints,
  fetchEditRow,
  fetchEnumTypes,
  fetchReferenceTargets,
  fetchReverseCounts,
  runScript,
  type EnumType,
  type ReferenceTarget,
} from '../api/table-editor-panels.ts';
import { fetchTableMeta } from '../api/table-editor.ts';
import { addColumnSql, type ColumnDefinition, type Script } from '../domain/table-editor/ddl.ts';
import { editColumnSql, type EditableColumn } from '../domain/table-editor/ddl-edit-column.ts';
import { rowKey, type ReverseReference } from '../domain/table-editor/row-values.ts';
import type { RowKey, Statement } from '../domain/table-editor/sql.ts';
import { createTableWithRowsSql, type TableTemplate } from '../domain/table-editor/templates.ts';
import type { ColumnInfo, Row, TableMeta } from '../domain/table-editor/types.ts';

export interface ScriptRun<TMeta> {
  projectRef: string;
  /**
   * Builds the DDL script (one transaction) or the one DML statement with src/domain/table-editor; null when there
   * is nothing to change. Built inside the task: the builders throw readable errors ('Nothing to update', a filter
   * value an operator cannot take), which then show in the panel like Postgres's.
   */
  build: () => Script | Statement | null;
  /** Handed back with the output: what the panel says once it ran (e.g. the new name). */
  meta: TMeta;
}

export interface ScriptDone<TMeta> {
  meta: TMeta;
  /** False when `build` found nothing to change (nothing was sent). */
  ran: boolean;
}

const scriptTaskMachine = taskWith(async ({ projectRef, build, meta }: ScriptRun<unknown>): Promise<ScriptDone<unknown>> => {
  const script = build();
  if (script === null) return { meta, ran: false };
  await runScript(projectRef, script);
  return { meta, ran: true };
});
/** Runs one script (typed by what the panel hands back). */
export const scriptTask = <TMeta = null>() => scriptTaskMachine as unknown as TaskMachine<ScriptRun<TMeta>, ScriptDone<TMeta>>;

export interface ColumnSave {
  projectRef: string;
  table: TableMeta;
  /** The column as it was (edit) with its catalog entry, or null to add `next`. */
  before: { info: ColumnInfo; column: EditableColumn } | null;
  next: EditableColumn;
}

/** Adds a column, or alters only what changed of one (its one-column constraints read first); done with its name. */
export const saveColumnTask = taskWith(async ({ projectRef, table, before, next }: ColumnSave) => {
  if (before) {
    const constraints = await fetchColumnConstraints(projectRef, table, before.info.name);
    await runScript(projectRef, editColumnSql(table, before.column, next, constraints));
  } else {
    if (next.default.kind === 'existing') throw new Error('A new column cannot keep an existing default');
    await runScript(projectRef, addColumnSql(table, next as ColumnDefinition));
  }
  return next.name;
});

export interface NewTable {
  projectRef: string;
  schema: string;
  name: string;
  comment: string;
  rlsEnabled: boolean;
  columns: EditableColumn[];
  rows: TableTemplate['rows'];
}

/** Creates a table with its comments, RLS and any template rows in one transaction; done with its name. */
export const createTableTask = taskWith(async (request: NewTable) => {
  const definitions = request.columns.map((c) => {
    if (c.default.kind === 'existing') throw new Error(`Column "${c.name}" has a default the editor cannot create`);
    return c as ColumnDefinition;
  });
  const script = createTableWithRowsSql(
    { schema: request.schema, name: request.name, comment: request.comment || null, rlsEnabled: request.rlsEnabled, columns: definitions },
    request.rows,
  );
  await runScript(request.projectRef, script);
  return request.name;
});

// ─── reads a panel needs when it opens ─────────────────────────────────────────────────────────────────────────

/** The database's enum types and the columns a foreign key may reference (the column fields' choices). */
export const catalogChoicesRead = taskWith(async ({ projectRef }: { projectRef: string }): Promise<{ enums: EnumType[]; targets: ReferenceTarget[] }> => {
  const [enums, targets] = await Promise.all([fetchEnumTypes(projectRef), fetchReferenceTargets(projectRef)]);
  return { enums, targets };
});

/** The row to edit, read again whole by its key (issue 14.1). */
/**
 * spec B2.3 (issue 20): the open table's columns, types and keys as the picked read replica has them (DDL made on the
 * primary is not replicated). The answer carries what it was read for, so a view never shows it for another pick.
 */
export const replicaTableMetaRead = taskWith(async ({ projectRef, tableId, database }: { projectRef: string; tableId: number; database: string }) => ({
  tableId,
  database,
  meta: await fetchTableMeta(projectRef, tableId, { database }),
}));

export const editRowRead = taskWith(({ projectRef, table, key }: { projectRef: string; table: TableMeta; key: RowKey }) => fetchEditRow(projectRef, table, key));

/** One cell's whole value: read again by the row's primary key; a table without one has only the grid's value. */
export const cellValueRead = taskWith(async ({ projectRef, table, column, row }: { projectRef: string; table: TableMeta; column: string; row: Row }) =>
  table.primary_keys.length > 0 ? fetchCellValue(projectRef, table, column, rowKey(table, row)) : row[column],
);

/** How many rows of each referencing table point at a row. */
export const reverseCountsRead = taskWith(({ projectRef, references }: { projectRef: string; references: readonly ReverseReference[] }) =>
  fetchReverseCounts(projectRef, references),
);
