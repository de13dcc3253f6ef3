// spec B2.3 (issue 20): with a healthy read replica picked in the table editor's database picker, the grid shows the
// table as the replica has it — its columns, types and primary keys, read there (DDL made on the primary is not
// replicated, so the primary's columns could name one the replica lacks) — as its rows and export already are.
import { useEffect } from 'react';
import { replicaTableMetaRead } from '../../../actors/table-editor-tasks.ts';
import { pickedReplica } from '../../../domain/database-picker.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import type { Project } from '../../../api/types.ts';
import { useTask } from '../../shared/useTask.ts';
import { useTableEditor } from '../TableEditorContext.tsx';

export type ReplicaTableMeta =
  | { state: 'ready'; meta: TableMeta; replica: string | undefined }
  | { state: 'loading'; replica: string }
  | { state: 'failed'; replica: string; error: string; retry: () => void };

/** The table's meta for the grid: the primary's (from the route) unless a healthy replica is picked. */
export function useReplicaTableMeta(project: Project, primaryMeta: TableMeta, revision: unknown): ReplicaTableMeta {
  const { database } = useTableEditor();
  const replica = pickedReplica(project.ref, project.databases, database);
  const read = useTask(replicaTableMetaRead);
  const { actor } = read;
  const tableId = primaryMeta.id;
  // Read again for another table, replica, or a change of the table (the route's meta is read again then).
  useEffect(() => {
    if (replica === undefined) return;
    actor.send({ type: 'task.reset' });
    actor.send({ type: 'task.run', input: { projectRef: project.ref, tableId, database: replica } });
  }, [actor, project.ref, tableId, replica, revision]);
  if (replica === undefined) return { state: 'ready', meta: primaryMeta, replica };
  const output = read.output;
  if (output && output.tableId === tableId && output.database === replica) return { state: 'ready', meta: output.meta, replica };
  if (read.error !== null && !read.running) return { state: 'failed', replica, error: read.error, retry: read.retry };
  return { state: 'loading', replica };
}
