// Selectors of the table editor's UI state (spec B2.1): which one panel or dialog shows, and what it carries.
import type { SnapshotFrom } from 'xstate';
import type { TableEditorUiContext, TableEditorUiMachine } from './table-editor-ui.machine.ts';
import type { ConfirmKind, SidePanelKind } from './table-editor-ui.types.ts';

type Snapshot = SnapshotFrom<TableEditorUiMachine>;

export type UiView = { area: 'none' } | { area: 'sidePanel'; kind: SidePanelKind } | { area: 'confirm'; kind: ConfirmKind };

/** The one thing on screen: nothing, one side panel or one confirmation dialog. */
export function selectUiView(s: Snapshot): UiView {
  const value = s.value;
  if (typeof value === 'string') return { area: 'none' };
  if ('sidePanel' in value) return { area: 'sidePanel', kind: value.sidePanel as SidePanelKind };
  return { area: 'confirm', kind: (value as { confirm: ConfirmKind }).confirm };
}

export const selectSidePanel = (s: Snapshot): SidePanelKind | null => {
  const view = selectUiView(s);
  return view.area === 'sidePanel' ? view.kind : null;
};
export const selectConfirm = (s: Snapshot): ConfirmKind | null => {
  const view = selectUiView(s);
  return view.area === 'confirm' ? view.kind : null;
};
export const selectCascade = (s: Snapshot): boolean => s.context.cascade;
export const selectUiContext = (s: Snapshot): TableEditorUiContext => s.context;
