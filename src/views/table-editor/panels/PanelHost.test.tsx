// @vitest-environment jsdom
// The panel host in a route-free harness (spec B2.1): the UI actor opens one panel or dialog; submissions send the
// DDL/DML of src/domain/table-editor; a Postgres error shows verbatim and keeps the inputs; read-only members get no
// write controls. The SQL itself is proven on a real database in server/pgmeta/table-editor-ddl.test.ts.
import '../../../ui/testing/jsdom.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableEditorUiEvent } from '../../../../machines/table-editor-ui.types.ts';
import type { Project } from '../../../api/types.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';
import { EditorTabsProvider } from '../../editor/EditorTabsContext.tsx';
import { TableEditorProvider, useTableEditor, type TableEditorUiActor } from '../TableEditorContext.tsx';
import { PanelHost } from './PanelHost.tsx';

const api = vi.hoisted(() => ({
  runScript: vi.fn(),
  runSql: vi.fn(),
  fetchCellValue: vi.fn(),
  fetchEditRow: vi.fn(),
  role: 'owner' as string | undefined,
  search: {} as Record<string, unknown>,
}));
vi.mock('../../../api/table-editor-panels.ts', () => ({
  runScript: api.runScript,
  fetchEnumTypes: async () => [{ schema: 'public', name: 'mood', values: ['happy', 'sad'] }],
  fetchReferenceTargets: async () => [{ schema: 'public', table: 'customers', column: 'id', format: 'int8' }],
  fetchColumnConstraints: async () => ({ unique: null, foreignKey: null }),
  fetchCellValue: api.fetchCellValue,
  fetchEditRow: api.fetchEditRow,
  fetchReverseCounts: async () => [{ count: 2, id: 99 }],
}));
vi.mock('../../../api/table-editor.ts', () => ({ runSql: api.runSql }));
vi.mock('../../shared/useProjectRole.ts', () => ({ useProjectRole: () => api.role }));
vi.mock('@tanstack/react-router', () => ({ useSearch: () => api.search, useNavigate: () => vi.fn() }));

const project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1 } as Project;
const col = (name: string, over: Partial<ColumnInfo> = {}): ColumnInfo => ({
  table_id: 10, schema: 'public', table: 'orders', id: `10.${name}`, ordinal_position: 1, name, default_value: null,
  data_type: 'text', format: 'text', is_identity: false, identity_generation: null, is_generated: false, is_nullable: true,
  is_updatable: true, is_unique: false, enums: [], check: null, comment: null, ...over,
});
const orders: TableMeta = {
  id: 10, schema: 'public', name: 'orders', type: 'r', comment: null, rls_enabled: false, estimated_rows: 1,
  primary_keys: ['id'],
  columns: [col('id', { format: 'int8', data_type: 'bigint', is_identity: true, identity_generation: 'BY DEFAULT', is_nullable: false }), col('note'), col('customer_id', { format: 'int8', data_type: 'bigint' })],
  relationships: [
    { id: 1, constraint_name: 'orders_customer_id_fkey', source_schema: 'public', source_table_name: 'orders', source_column_name: 'customer_id', target_table_schema: 'public', target_table_name: 'customers', target_column_name: 'id' },
    { id: 2, constraint_name: 'items_order_id_fkey', source_schema: 'public', source_table_name: 'items', source_column_name: 'order_id', target_table_schema: 'public', target_table_name: 'orders', target_column_name: 'id' },
  ],
};

let ui: TableEditorUiActor;
function Capture() {
  ui = useTableEditor().ui;
  return null;
}
const host = (table: TableMeta) => (
  <EditorTabsProvider projectRef="abc">
    <TableEditorProvider project={project}>
      <Capture />
      <PanelHost table={table} />
    </TableEditorProvider>
  </EditorTabsProvider>
);
function open(event: TableEditorUiEvent, table: TableMeta = orders) {
  const view = render(host(table));
  act(() => ui.send(event));
  return view;
}

beforeEach(() => {
  api.runScript.mockReset().mockResolvedValue([]);
  api.runSql.mockReset();
  api.fetchCellValue.mockReset();
  api.role = 'owner';
  api.search = {};
});

describe('panel host', () => {
  it('creates a schema through one statement, then closes with a toast', async () => {
    const user = userEvent.setup();
    open({ type: 'ui.newSchema' });
    await user.type(screen.getByLabelText('Name'), 'sales "x"');
    await user.click(screen.getByRole('button', { name: 'Create schema' }));
    await waitFor(() => expect(api.runScript).toHaveBeenCalledWith('abc', { query: 'create schema "sales ""x""";' }));
    await waitFor(() => expect(ui.getSnapshot().value).toBe('none'));
  });

  it("shows Postgres's error verbatim and keeps every input", async () => {
    const user = userEvent.setup();
    api.runScript.mockRejectedValue(new Error('invalid input syntax for type integer: "abc"'));
    open({ type: 'ui.addColumn' });
    await user.type(screen.getByLabelText('Name'), 'qty');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: invalid input syntax for type integer: "abc"')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('qty');
    expect(ui.getSnapshot().value).toEqual({ sidePanel: 'addColumn' });
    expect(api.runScript.mock.calls[0]![1].query).toBe('alter table public.orders add column qty text;');
  });

  it('Escape closes a panel', async () => {
    const user = userEvent.setup();
    open({ type: 'ui.editTable', table: orders });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.getSnapshot().value).toBe('none'));
  });

  it("delete table: 'with cascade' starts off; switched on, the drop cascades", async () => {
    const user = userEvent.setup();
    open({ type: 'ui.deleteTable', table: orders });
    const cascade = screen.getByRole('switch', { name: 'Drop table with cascade?' }) as HTMLInputElement;
    expect(cascade.checked).toBe(false);
    await user.click(cascade);
    expect(ui.getSnapshot().context.cascade).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.runScript).toHaveBeenCalledWith('abc', { query: 'drop table public.orders cascade;' }));
  });

  it('delete rows with all selected deletes what the current filter selects', async () => {
    const user = userEvent.setup();
    api.search = { filter: 'note:eq:old' };
    open({ type: 'ui.deleteRows', rows: [{ id: 1 }], count: 5000, allSelected: true });
    expect(screen.getByText(/All 5000 rows matching the current filter will be deleted/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete 5000 rows' }));
    await waitFor(() => expect(api.runScript).toHaveBeenCalledWith('abc', { query: 'delete from public.orders where note = $1', parameters: ['old'] }));
  });

  it('read-only members see no write control', () => {
    api.role = 'read_only';
    open({ type: 'ui.addRow' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select a record' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('add row: the reference picker returns the chosen key and keeps what was typed', async () => {
    const user = userEvent.setup();
    api.runSql.mockResolvedValue([{ row: { id: 7, name: 'Ada' }, total: 1 }]);
    open({ type: 'ui.addRow' });
    await user.type(screen.getByLabelText('note'), 'rush');
    await user.click(screen.getByRole('button', { name: 'Select a record' }));
    expect(await screen.findByText('Select a record from public.customers')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /7\s*Ada/ }));
    await waitFor(() => expect((screen.getByLabelText('customer_id') as HTMLInputElement).value).toBe('7'));
    expect((screen.getByLabelText('note') as HTMLInputElement).value).toBe('rush');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.runScript).toHaveBeenCalledWith('abc', {
        query: 'insert into public.orders (note, customer_id) values ($1, $2) returning *',
        parameters: ['rush', '7'],
      }),
    );
  });

  it('edit row lists reverse references and updates only what changed', async () => {
    const user = userEvent.setup();
    // The grid's row is cut on the wire: the panel reads it again, whole and as text, by its key (issue 14.1).
    api.fetchEditRow.mockResolvedValue({ id: '3', note: 'a', customer_id: '7' });
    open({ type: 'ui.editRow', row: { id: 3, note: 'a…', customer_id: 7 } });
    expect(await screen.findByText('public.items')).toBeTruthy();
    expect(screen.getByText(/2 rows/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'public.items' }).getAttribute('href')).toMatch(/\/project\/abc\/editor\/99\?schema=public&filter=order_id%3Aeq%3A3$/);
    await user.clear(screen.getByLabelText('note'));
    await user.type(screen.getByLabelText('note'), 'b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.runScript).toHaveBeenCalledWith('abc', { query: 'update public.orders set note = $1 where id = $2 returning *', parameters: ['b', '3'] }),
    );
    expect(api.fetchEditRow).toHaveBeenCalledWith('abc', orders, { id: 3 });
  });

  it('a column added while the add-row panel opens gets an empty input, not NULL (the e2e race of table-panels)', async () => {
    // The grid re-reads the columns after 'Insert column'; the row panel may open on the old list and receive the new
    // one a moment later. The new column must start as an empty input, as it would have on a fresh panel.
    const before: TableMeta = { ...orders, columns: orders.columns.filter((c) => c.name !== 'note') };
    const view = open({ type: 'ui.addRow' }, before);
    expect(await screen.findByRole('heading', { name: 'Add new row to orders' })).toBeTruthy();
    view.rerender(host(orders));
    const note = await screen.findByLabelText('note');
    expect((note as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Set a value for note' })).toBeNull();
  });

  it('expand text reads the whole value by the primary key before showing it', async () => {
    api.fetchCellValue.mockResolvedValue('the whole long text');
    open({ type: 'ui.expandText', column: orders.columns[1]!, row: { id: 3, note: 'the who…' } });
    await waitFor(() => expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('the whole long text'));
    expect(api.fetchCellValue).toHaveBeenCalledWith('abc', orders, 'note', { id: 3 });
  });
});
