// The table editor's UI state (spec B2.1): exactly one of none, one side panel, or one confirmation dialog.
// Opening anything replaces what was open, except that choosing a referenced row from a row panel is a detour: the
// picker returns to that row panel (with the chosen value, or without on dismiss) and the row panel gets back what
// had been typed (`draft`), since its view unmounts while the picker shows.
// It is also the editor's change feed: `data.changed` (a panel saved, a table was found dropped) is emitted as is to
// the parts that show what changed — the list, the open table's columns, the grid's rows — whatever is open.
import { assign, emit, setup } from 'xstate';
import type { ColumnInfo, Row, TableEntity } from '../src/domain/table-editor/types.ts';
import type { DataChangedEmitted, TableEditorUiEvent } from './table-editor-ui.types.ts';

export interface TableEditorUiContext {
  table: TableEntity | null;
  column: ColumnInfo | null;
  row: Row | null;
  rows: Row[];
  count: number;
  allSelected: boolean;
  template: boolean;
  /** 'delete with cascade', default off. spec B2.1 */
  cascade: boolean;
  /** The row panel a reference choice returns to (null: the choice came from the grid). */
  returnTo: 'addRow' | 'editRow' | null;
  /** The value chosen for `column` by the reference picker, handed back to the row panel. */
  chosen: { column: string; value: unknown } | null;
  /** What was typed in the row panel before the detour to the reference picker. */
  draft: Record<string, unknown> | null;
}

const EMPTY: TableEditorUiContext = {
  table: null,
  column: null,
  row: null,
  rows: [],
  count: 0,
  allSelected: false,
  template: false,
  cascade: false,
  returnTo: null,
  chosen: null,
  draft: null,
};

/** Back from the picker to the row panel: the row and the draft are kept, the picker's own fields dropped. */
const backToRowPanel = (context: TableEditorUiContext, chosen: TableEditorUiContext['chosen']): TableEditorUiContext => ({
  ...EMPTY,
  row: context.row,
  draft: context.draft,
  chosen,
});

export const tableEditorUiMachine = setup({
  types: {} as { context: TableEditorUiContext; events: TableEditorUiEvent; emitted: DataChangedEmitted },
  guards: {
    returnsToAddRow: ({ context }) => context.returnTo === 'addRow',
    returnsToEditRow: ({ context }) => context.returnTo === 'editRow',
  },
  actions: {
    reset: assign(() => ({ ...EMPTY })),
    setCascade: assign(({ event }) => (event.type === 'ui.cascade' ? { cascade: event.cascade } : {})),
  },
}).createMachine({
  id: 'tableEditorUi',
  context: { ...EMPTY },
  initial: 'none',
  on: {
    'ui.newSchema': { target: '.sidePanel.newSchema', actions: 'reset' },
    'ui.newTable': { target: '.sidePanel.newTable', actions: assign(({ event }) => ({ ...EMPTY, template: event.template ?? false })) },
    'ui.editTable': { target: '.sidePanel.editTable', actions: assign(({ event }) => ({ ...EMPTY, table: event.table })) },
    'ui.duplicateTable': { target: '.sidePanel.duplicateTable', actions: assign(({ event }) => ({ ...EMPTY, table: event.table })) },
    'ui.addColumn': { target: '.sidePanel.addColumn', actions: 'reset' },
    'ui.editColumn': { target: '.sidePanel.editColumn', actions: assign(({ event }) => ({ ...EMPTY, column: event.column })) },
    'ui.addRow': { target: '.sidePanel.addRow', actions: 'reset' },
    'ui.editRow': { target: '.sidePanel.editRow', actions: assign(({ event }) => ({ ...EMPTY, row: event.row })) },
    'ui.expandJson': { target: '.sidePanel.expandJson', actions: assign(({ event }) => ({ ...EMPTY, column: event.column, row: event.row })) },
    'ui.expandText': { target: '.sidePanel.expandText', actions: assign(({ event }) => ({ ...EMPTY, column: event.column, row: event.row })) },
    // From the grid (or anywhere but a row panel): the picker sets the cell itself and then closes.
    'ui.chooseReference': {
      target: '.sidePanel.chooseReference',
      actions: assign(({ event }) => ({ ...EMPTY, column: event.column, row: event.row ?? null })),
    },
    'ui.importCsv': { target: '.sidePanel.importCsv', actions: 'reset' },
    'ui.deleteTable': { target: '.confirm.deleteTable', actions: assign(({ event }) => ({ ...EMPTY, table: event.table })) },
    'ui.deleteColumn': { target: '.confirm.deleteColumn', actions: assign(({ event }) => ({ ...EMPTY, column: event.column })) },
    'ui.deleteRows': {
      target: '.confirm.deleteRows',
      actions: assign(({ event }) => ({ ...EMPTY, rows: event.rows, count: event.count, allSelected: event.allSelected })),
    },
    'ui.close': { target: '.none', actions: 'reset' },
    // Not a UI state: what is open stays open (the panel that saved closes itself with ui.close).
    'data.changed': { actions: emit(({ event }) => ({ type: 'data.changed' as const, kinds: event.kinds })) },
  },
  states: {
    none: {},
    sidePanel: {
      initial: 'newTable',
      states: {
        newSchema: {},
        newTable: {},
        editTable: {},
        duplicateTable: {},
        addColumn: {},
        editColumn: {},
        addRow: {
          on: {
            'ui.chooseReference': {
              target: 'chooseReference',
              actions: assign(({ event }) => ({ ...EMPTY, column: event.column, returnTo: 'addRow' as const, draft: event.draft ?? null })),
            },
          },
        },
        editRow: {
          on: {
            'ui.chooseReference': {
              target: 'chooseReference',
              actions: assign(({ context, event }) => ({
                ...EMPTY,
                column: event.column,
                row: context.row,
                returnTo: 'editRow' as const,
                draft: event.draft ?? null,
              })),
            },
          },
        },
        expandJson: {},
        expandText: {},
        chooseReference: {
          on: {
            'ui.referenceChosen': [
              {
                guard: 'returnsToAddRow',
                target: 'addRow',
                actions: assign(({ context, event }) => backToRowPanel(context, { column: context.column?.name ?? '', value: event.value })),
              },
              {
                guard: 'returnsToEditRow',
                target: 'editRow',
                actions: assign(({ context, event }) => backToRowPanel(context, { column: context.column?.name ?? '', value: event.value })),
              },
              { target: '#tableEditorUi.none', actions: 'reset' },
            ],
            'ui.close': [
              { guard: 'returnsToAddRow', target: 'addRow', actions: assign(({ context }) => backToRowPanel(context, null)) },
              { guard: 'returnsToEditRow', target: 'editRow', actions: assign(({ context }) => backToRowPanel(context, null)) },
              { target: '#tableEditorUi.none', actions: 'reset' },
            ],
          },
        },
        importCsv: {},
      },
    },
    confirm: {
      initial: 'deleteTable',
      states: {
        deleteTable: { on: { 'ui.cascade': { actions: 'setCascade' } } },
        deleteColumn: { on: { 'ui.cascade': { actions: 'setCascade' } } },
        deleteRows: {},
      },
    },
  },
});

export type TableEditorUiMachine = typeof tableEditorUiMachine;
