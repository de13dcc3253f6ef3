// Events of the table editor's UI state (spec B2.1: exactly one of none, a side panel, or a confirmation dialog).
// Every part of the editor (table list, grid, panels) opens panels and dialogs only through these events.
import type { ColumnInfo, Row, TableEntity } from '../src/domain/table-editor/types.ts';

export type SidePanelKind =
  | 'newSchema'
  | 'newTable'
  | 'editTable'
  | 'duplicateTable'
  | 'addColumn'
  | 'editColumn'
  | 'addRow'
  | 'editRow'
  | 'expandJson'
  | 'expandText'
  | 'chooseReference'
  | 'importCsv';
export type ConfirmKind = 'deleteTable' | 'deleteColumn' | 'deleteRows';

export interface UiNewSchemaEvent { type: 'ui.newSchema' }
/** `template`: start the new table from template data. spec B2.1 */
export interface UiNewTableEvent { type: 'ui.newTable'; template?: boolean }
export interface UiEditTableEvent { type: 'ui.editTable'; table: TableEntity }
export interface UiDuplicateTableEvent { type: 'ui.duplicateTable'; table: TableEntity }
export interface UiAddColumnEvent { type: 'ui.addColumn' }
export interface UiEditColumnEvent { type: 'ui.editColumn'; column: ColumnInfo }
export interface UiAddRowEvent { type: 'ui.addRow' }
export interface UiEditRowEvent { type: 'ui.editRow'; row: Row }
/** A cell's value to show whole; `row` identifies it (its key columns) so a value cut on the wire can be fetched. */
export interface UiExpandJsonEvent { type: 'ui.expandJson'; column: ColumnInfo; row: Row }
export interface UiExpandTextEvent { type: 'ui.expandText'; column: ColumnInfo; row: Row }
/** Choose a row of the referenced table for a foreign-key column (from the grid or from a row panel). */
/** From a row panel, `draft` is what was typed there: handed back to the panel when the picker returns. */
export interface UiChooseReferenceEvent { type: 'ui.chooseReference'; column: ColumnInfo; row?: Row; draft?: Record<string, unknown> }
export interface UiImportCsvEvent { type: 'ui.importCsv' }
export interface UiDeleteTableEvent { type: 'ui.deleteTable'; table: TableEntity }
export interface UiDeleteColumnEvent { type: 'ui.deleteColumn'; column: ColumnInfo }
/** spec B2.1: carries the rows, their number and whether all rows are selected. */
export interface UiDeleteRowsEvent { type: 'ui.deleteRows'; rows: Row[]; count: number; allSelected: boolean }
/** The 'delete with cascade' toggle of the delete table / delete column dialogs (default off). */
export interface UiCascadeEvent { type: 'ui.cascade'; cascade: boolean }
/** A referenced row chosen: back to the row panel that asked, with the value. */
export interface UiReferenceChosenEvent { type: 'ui.referenceChosen'; value: unknown }
export interface UiCloseEvent { type: 'ui.close' }

/** What a change to the database touched. tables: the table list and schemas; table: one relation's columns and
 * keys; rows: the grid's rows. */
export type DataChangeKind = 'tables' | 'table' | 'rows';
/** A part of the editor changed the database (a panel saved, a table was found dropped). */
export interface DataChangedEvent { type: 'data.changed'; kinds: DataChangeKind[] }
/** Emitted to the parts showing what changed: each reads its data again (issue 15: no counter bus in a context). */
export interface DataChangedEmitted { type: 'data.changed'; kinds: DataChangeKind[] }

export type TableEditorUiEvent =
  | UiNewSchemaEvent
  | UiNewTableEvent
  | UiEditTableEvent
  | UiDuplicateTableEvent
  | UiAddColumnEvent
  | UiEditColumnEvent
  | UiAddRowEvent
  | UiEditRowEvent
  | UiExpandJsonEvent
  | UiExpandTextEvent
  | UiChooseReferenceEvent
  | UiImportCsvEvent
  | UiDeleteTableEvent
  | UiDeleteColumnEvent
  | UiDeleteRowsEvent
  | UiCascadeEvent
  | UiReferenceChosenEvent
  | UiCloseEvent
  | DataChangedEvent;
