// What every part of one project's table editor shares (spec B2.1): the project, the UI-state actor (exactly one
// panel or dialog at a time) and refresh counters. A part that changed the database calls `invalidate` with what it
// changed; the parts showing it read the matching revision and refetch when it moves.
import { useActorRef } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { tableEditorUiMachine } from '../../../machines/table-editor-ui.machine.ts';
import { readStoredDatabase, storeDatabase } from '../../actors/table-list.ts';
import type { Project } from '../../api/types.ts';
import type { TableMeta } from '../../domain/table-editor/types.ts';

export type TableEditorUiActor = ActorRefFrom<typeof tableEditorUiMachine>;

/** tables: the table list and schemas; table: one relation's columns/keys; rows: the grid's rows. */
export type InvalidationKind = 'tables' | 'table' | 'rows';

export interface TableEditorShared {
  project: Project;
  ui: TableEditorUiActor;
  revisions: Record<InvalidationKind, number>;
  invalidate: (...kinds: InvalidationKind[]) => void;
  /** The relation of the open table tab (set by the grid page once its meta loads; null on the editor home). */
  openTable: TableMeta | null;
  setOpenTable: (table: TableMeta | null) => void;
  /** The database chosen in the database / replica picker (spec B2.3); null: the primary. */
  database: string | null;
  setDatabase: (identifier: string) => void;
}

const TableEditorContext = createContext<TableEditorShared | null>(null);

export function TableEditorProvider({ project, children }: { project: Project; children: ReactNode }) {
  const ui = useActorRef(tableEditorUiMachine);
  const [revisions, setRevisions] = useState<Record<InvalidationKind, number>>({ tables: 0, table: 0, rows: 0 });
  const invalidate = useCallback((...kinds: InvalidationKind[]) => {
    setRevisions((current) => {
      const next = { ...current };
      for (const kind of kinds) next[kind] += 1;
      return next;
    });
  }, []);
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
    () => ({ project, ui, revisions, invalidate, openTable, setOpenTable, database, setDatabase }),
    [project, ui, revisions, invalidate, openTable, database, setDatabase],
  );
  return <TableEditorContext.Provider value={value}>{children}</TableEditorContext.Provider>;
}

export function useTableEditor(): TableEditorShared {
  const shared = useContext(TableEditorContext);
  if (!shared) throw new Error('useTableEditor needs a TableEditorProvider (the editor layout route mounts one)');
  return shared;
}
