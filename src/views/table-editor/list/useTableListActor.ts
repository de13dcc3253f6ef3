// The table list's infinite-list actor for one project and its selected schemas (spec B2.1, B7). The caller keys the
// component by the project and the selection so another selection gets a new list; a change to the database
// (revisions.tables) reloads it.
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { tableListMachine } from '../../../actors/table-list.ts';
import type { TableTabType } from '../../../domain/editor-tabs.ts';
import { TABLE_LIST_PAGE_SIZE, type TableListSort } from '../../../domain/table-editor/table-list.ts';

export function useTableListActor(projectRef: string, schemas: string[], sort: TableListSort, types: TableTabType[], revision: number) {
  const list = useActorRef(tableListMachine, {
    input: { pageSize: TABLE_LIST_PAGE_SIZE, base: { projectRef, schemas }, search: '', sort, statuses: types },
  });
  // Refetch when another part of the editor changed the database (created, renamed, dropped a relation).
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    list.send({ type: 'list.refresh' });
  }, [list, revision]);
  return list;
}
