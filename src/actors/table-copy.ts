// The effects of the grid's cell menu (issue 14): rows copied as CSV / JSON / SQL inserts through the platform's
// export (so a value cut for display, or rows never loaded under a select-all, are copied whole and read as the
// grid's role), and a cell's whole value when the grid shows it cut.
import { taskWith } from '../../machines/task.machine.ts';
import type { QueryImpersonation } from '../domain/impersonation.ts';
import { cellClipboardText, valueFromJsonExport, type MenuRows } from '../domain/table-editor/row-menu.ts';
import type { RowFilter, RowSort } from '../domain/table-editor/types.ts';
import { fetchTableExportText } from './table-export.ts';

export interface CopyTarget {
  schema: string;
  table: string;
  filters: RowFilter[];
  sorts: RowSort[];
  impersonation?: QueryImpersonation | undefined;
}

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available in this browser');
  await navigator.clipboard.writeText(text);
}

/** Copies the rows (every row of the view, or these keys) in one format; resolves with the text's length. */
export async function copyRows(ref: string, target: CopyTarget, format: CopyFormat, rows: MenuRows): Promise<number> {
  const text = await fetchTableExportText(ref, { ...target, format, ...(rows.kind === 'keys' ? { keys: rows.keys } : {}) });
  await writeClipboard(text);
  return text.length;
}

/** Copies one cell: the loaded value, or (cut for display) the whole value read back by the row's key. */
export async function copyCell(
  ref: string,
  target: CopyTarget,
  cell: { column: string; value: unknown; truncated: boolean; key: Record<string, unknown> | null },
): Promise<void> {
  let value = cell.value;
  if (cell.truncated) {
    if (!cell.key) throw new Error('This value is cut for display and its row has no key: open it with Expand');
    const text = await fetchTableExportText(ref, { ...target, filters: [], sorts: [], format: 'json', keys: [cell.key] });
    value = valueFromJsonExport(text, cell.column);
  }
  await writeClipboard(cellClipboardText(value));
}

export type CopyFormat = 'csv' | 'json' | 'sql';
export interface CopyRowsRequest {
  ref: string;
  target: CopyTarget;
  format: CopyFormat;
  rows: MenuRows;
}
export interface CopyCellRequest {
  ref: string;
  target: CopyTarget;
  cell: { column: string; value: unknown; truncated: boolean; key: Record<string, unknown> | null };
}
/** The cell menu's copies as tasks (issue 15): the grid toasts on their outcomes. Done with what was copied. */
export const copyRowsTask = taskWith(async (request: CopyRowsRequest): Promise<CopyRowsRequest> => {
  await copyRows(request.ref, request.target, request.format, request.rows);
  return request;
});
export const copyCellTask = taskWith((request: CopyCellRequest): Promise<void> => copyCell(request.ref, request.target, request.cell));
