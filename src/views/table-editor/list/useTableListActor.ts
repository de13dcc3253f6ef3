// The table list's infinite-list actor for one project and its selected schemas (spec B2.1, B7). The caller keys the
// component by the project and the selection so another selection gets a new list; a change to the database
// (`data.changed` with 'tables', from the editor's UI actor) reloads it.
import { useActorRef } from '@xstate/react';
import { tableListMachine } from '../../../actors/table-list.ts';
import type { TableTabType } from '../../../domain/editor-tabs.ts';
import { TABLE_LIST_PAGE_SIZE, type TableListSort } from '../../../domain/table-editor/table-list.ts';
import { useDataChanged } from '../TableEditorContext.tsx';
import { devInspect } from '../../../dev/live-inspect.ts';

export function useTableListActor(projectRef: string, schemas: string[], sort: TableListSort, types: TableTabType[]) {
  const list = useActorRef(tableListMachine, {
    input: { pageSize: TABLE_LIST_PAGE_SIZE, base: { projectRef, schemas }, search: '', sort, statuses: types },
    inspect: devInspect,
  });
  // Refetch when another part of the editor changed the database (created, renamed, dropped a relation).
  useDataChanged(['tables'], () => list.send({ type: 'list.refresh' }));
  return list;
}
