// PLACEHOLDER written by the lead: the panels helper replaces this with the host of every side panel and
// confirmation dialog of spec B2.1, driven by the UI-state actor of TableEditorContext.
// `table` is the relation of the open tab (null on the editor home).
import type { TableMeta } from '../../../domain/table-editor/types.ts';

export function PanelHost(_props: { table: TableMeta | null }) {
  return null;
}
