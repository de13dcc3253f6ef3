// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '../../../api/types.ts';
import type { TableEntity } from '../../../domain/table-editor/types.ts';
import { TableEditorProvider, useTableEditor, type TableEditorUiActor } from '../TableEditorContext.tsx';
import { TableList, type TableListProps } from './TableList.tsx';

const runSql = vi.hoisted(() => vi.fn());
vi.mock('../../../api/table-editor.ts', () => ({ runSql }));

// jsdom has no IntersectionObserver; the list only needs it for the load-more sentinel.
vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} });

const project = { id: 1, ref: 'proj1', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local' } as unknown as Project;
const entity = (id: number, name: string, extra: Partial<TableEntity> = {}): TableEntity => ({
  id, schema: 'public', name, type: 'r', comment: null, rls_enabled: false, ...extra,
});

let ui: TableEditorUiActor;
function Probe() {
  ui = useTableEditor().ui;
  return null;
}

function setup(overrides: Partial<TableListProps> = {}) {
  const props: TableListProps = {
    selectedSchemas: ['public'],
    schemas: ['app', 'public'],
    schemasError: null,
    activeTableId: null,
    onSchemaChange: vi.fn(),
    onOpen: vi.fn(),
    ...overrides,
  };
  render(
    <TableEditorProvider project={project}>
      <Probe />
      <TableList {...props} />
    </TableEditorProvider>,
  );
  return props;
}

const answer = (entities: TableEntity[], count = entities.length) => [{ count, entities }];

beforeEach(() => {
  runSql.mockReset();
  localStorage.clear();
});

describe('TableList', () => {
  it('lists the schema’s relations with type, RLS indicator and comment; the open one is current', async () => {
    runSql.mockResolvedValue(
      answer([
        entity(1, 'orders', { rls_enabled: true, comment: 'What customers bought' }),
        entity(2, 'big_orders', { type: 'v' }),
        entity(3, 'customers'),
      ]),
    );
    setup({ activeTableId: 1 });
    const entries = await screen.findAllByTestId('table-entry');
    expect(entries.map((entry) => entry.getAttribute('data-name'))).toEqual(['orders', 'big_orders', 'customers']);
    expect(within(entries[0]!).getByText('RLS').getAttribute('title')).toBe('RLS enabled');
    expect(within(entries[0]!).getByText('What customers bought')).toBeTruthy();
    expect(within(entries[1]!).queryByText(/RLS/)).toBeNull();
    expect(within(entries[2]!).getByText('No RLS').getAttribute('title')).toBe('RLS disabled');
    expect(within(entries[0]!).getByRole('button', { name: /orders, Table/ }).getAttribute('aria-current')).toBe('page');
    const [ref, statement] = runSql.mock.calls[0]!;
    expect(ref).toBe('proj1');
    expect(statement.parameters.slice(0, 4)).toEqual([['public'], '', [], 'alphabetical']);
  });

  it('click opens a preview, double-click a permanent tab', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    const props = setup();
    const button = await screen.findByRole('button', { name: /orders, Table/ });
    await user.click(button);
    expect(props.onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }), false);
    await user.dblClick(button);
    expect(props.onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }), true);
  });

  it('the entry menu sends the UI events; New table and New schema too', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    setup();
    const send = vi.spyOn(ui, 'send');
    for (const [item, type] of [['Edit table', 'ui.editTable'], ['Duplicate table', 'ui.duplicateTable'], ['Delete table', 'ui.deleteTable']] as const) {
      await user.click(await screen.findByRole('button', { name: 'Actions for orders' }));
      await user.click(await screen.findByRole('menuitem', { name: item }));
      expect(send).toHaveBeenLastCalledWith({ type, table: expect.objectContaining({ id: 1, name: 'orders' }) });
      ui.send({ type: 'ui.close' });
    }
    await user.click(screen.getByRole('button', { name: 'New table' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ui.newTable' });
    ui.send({ type: 'ui.close' });
    await user.click(screen.getByRole('button', { name: 'New schema' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ui.newSchema' });
  });

  it('a right-click opens the entry menu; Copy name copies the name', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    setup();
    const [entry] = await screen.findAllByTestId('table-entry');
    await user.pointer({ keys: '[MouseRight]', target: entry! });
    await user.click(await screen.findByRole('menuitem', { name: 'Copy name' }));
    expect(await navigator.clipboard.readText()).toBe('orders');
  });

  it('filters by type and sorts by type, remembering the sort for the project', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    setup();
    await screen.findAllByTestId('table-entry');
    await user.click(screen.getByRole('button', { name: 'Filter by type' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View' }));
    await waitFor(() => expect(runSql.mock.calls.at(-1)![1].parameters[2]).toEqual(['v']));
    // The sort is a stand-in until the pointer comes over it (ui/LazySelect.tsx); then the real Select is pressed.
    await user.hover(screen.getByRole('button', { name: /Sort tables/ }));
    await user.click(screen.getByRole('button', { name: /Sort tables/ }));
    await user.click(await screen.findByRole('option', { name: 'By type' }));
    await waitFor(() => expect(runSql.mock.calls.at(-1)![1].parameters[3]).toBe('type'));
    expect(localStorage.getItem('strata.table-list.sort.proj1')).toBe('type');
  });

  it('says when nothing matches a search, and when the schema is empty', async () => {
    runSql.mockResolvedValue(answer([]));
    setup({ selectedSchemas: ['app'] });
    expect(await screen.findByText('No tables or views')).toBeTruthy();
    expect(screen.getByText("Schema 'app' has no tables yet.")).toBeTruthy();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search tables' }), 'zzz');
    expect(await screen.findByText('No results found', {}, { timeout: 3000 })).toBeTruthy();
    expect(runSql.mock.calls.at(-1)![1].parameters[1]).toBe('zzz');
  });

  it('lists several selected schemas at once, naming each entry\'s schema (spec B2.1 \'the selected schemas\')', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders'), entity(2, 'users', { schema: 'app' })]));
    const props = setup({ selectedSchemas: ['app', 'public'] });
    const entries = await screen.findAllByTestId('table-entry');
    expect(runSql.mock.calls[0]![1].parameters[0]).toEqual(['app', 'public']);
    expect(within(entries[1]!).getByText('app')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schemas: app, public' }));
    const app = await screen.findByRole('menuitemcheckbox', { name: 'app' });
    expect(app.getAttribute('aria-checked')).toBe('true');
    await user.click(app);
    expect(props.onSchemaChange).toHaveBeenLastCalledWith(['public']);
  });

  it('adds a schema to the selection from the schema menu; the last one cannot be unselected', async () => {
    const user = userEvent.setup();
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    const props = setup();
    await screen.findAllByTestId('table-entry');
    // One schema: the entries do not repeat it.
    expect(within(screen.getByTestId('table-list')).queryByText('public')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Schemas: public' }));
    expect((await screen.findByRole('menuitemcheckbox', { name: 'public' })).getAttribute('aria-disabled')).toBe('true');
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'app' }));
    expect(props.onSchemaChange).toHaveBeenLastCalledWith(['app', 'public']);
  });

  it('shows a failure with the Postgres message and retries', async () => {
    const user = userEvent.setup();
    runSql.mockRejectedValueOnce(new Error('permission denied for schema secret'));
    runSql.mockResolvedValue(answer([entity(1, 'orders')]));
    setup({ schemasError: 'schemas are down' });
    const alert = await screen.findByText('Failed to retrieve tables');
    expect(screen.getByText('Error: permission denied for schema secret')).toBeTruthy();
    expect(screen.getByText('Failed to retrieve schemas')).toBeTruthy();
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('table-entry')).toBeTruthy();
  });
});
