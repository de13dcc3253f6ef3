// What every part of one project's table editor shares (spec B2.1): the project and the UI-state actor (exactly one
// panel or dialog at a time), which is also its change feed. A part that changed the database calls `invalidate`
// with what it changed: the UI actor emits `data.changed`, and the parts showing it (the list, the open table's
// columns, the grid's rows) listen with `useDataChanged` and read again — events to actors, no revision counters
// re-rendering the whole editor (issue 15).
import { useActorRef } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { tableEditorUiMachine } from '../../../machines/table-editor-ui.machine.ts';
import type { DataChangeKind } from '../../../machines/table-editor-ui.types.ts';
import { readStoredDatabase, storeDatabase } from '../../actors/table-list.ts';
import type { Project } from '../../api/types.ts';
import type { TableMeta } from '../../domain/table-editor/types.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export type TableEditorUiActor = ActorRefFrom<typeof tableEditorUiMachine>;

/** tables: the table list and schemas; table: one relation's columns/keys; rows: the grid's rows. */
export type InvalidationKind = DataChangeKind;

export interface TableEditorShared {
  project: Project;
  ui: TableEditorUiActor;
  /** Tells the parts showing `kinds` that the database changed (they read again). */
  invalidate: (...kinds: InvalidationKind[]) => void;
  /** Sets the relation of the open table tab (the grid page, once its meta loads; read with useOpenTable). */
  setOpenTable: (table: TableMeta | null) => void;
  /** The database chosen in the database / replica picker (spec B2.3); null: the primary. */
  database: string | null;
  setDatabase: (identifier: string) => void;
}

const TableEditorContext = createContext<TableEditorShared | null>(null);
// The open table on its own: the grid page sets it as it mounts, and only the panels read it. In the shared value it
// re-rendered every part of the editor, the grid included, once more on each table's first load (issue 25).
const OpenTableContext = createContext<TableMeta | null>(null);

export function TableEditorProvider({ project, children }: { project: Project; children: ReactNode }) {
  const ui = useActorRef(tableEditorUiMachine, { inspect: devInspect });
  const invalidate = useCallback((...kinds: InvalidationKind[]) => ui.send({ type: 'data.changed', kinds }), [ui]);
  const [openTable, setOpenTable] = useState<TableMeta | null>(null);
  // Remembered per project like the SQL editor's last selected database (spec B2.2 preferences).
  const [database, setChosenDatabase] = useState<string | null>(() => readStoredDatabase(project.ref));
  const setDatabase = useCallback(
    (identifier: string) => {
      storeDatabase(project.ref, identifier);
      setChosenDatabase(identifier);
    },
    [project.ref],
  );
  const value = useMemo(
    () => ({ project, ui, invalidate, setOpenTable, database, setDatabase }),
    [project, ui, invalidate, database, setDatabase],
  );
  return (
    <TableEditorContext.Provider value={value}>
      <OpenTableContext.Provider value={openTable}>{children}</OpenTableContext.Provider>
    </TableEditorContext.Provider>
  );
}

/** The relation of the open table tab (set by the grid page once its meta loads; null on the editor home). */
export function useOpenTable(): TableMeta | null {
  return useContext(OpenTableContext);
}

export function useTableEditor(): TableEditorShared {
  const shared = useContext(TableEditorContext);
  if (!shared) throw new Error('useTableEditor needs a TableEditorProvider (the editor layout route mounts one)');
  return shared;
}

/**
 * Calls `onChange` when a part of the editor changed one of `kinds` (a subscription to the UI actor's `data.changed`,
 * ended on unmount). The latest `onChange` is called: callers may pass a fresh closure each render.
 */
export function useDataChanged(kinds: readonly InvalidationKind[], onChange: () => void): void {
  const { ui } = useTableEditor();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const watched = kinds.join(',');
  useEffect(() => {
    const subscription = ui.on('data.changed', (event) => {
      if (event.kinds.some((kind) => watched.split(',').includes(kind))) latest.current();
    });
    return () => subscription.unsubscribe();
  }, [ui, watched]);
}
