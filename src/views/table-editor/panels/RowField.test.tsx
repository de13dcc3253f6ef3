// @vitest-environment jsdom
// Insert row and Edit row show the same field for a type (issue 14 item 6c): a boolean (and an enum) is a dropdown in
// both, also while it holds NULL or DEFAULT — Insert row showed a text box reading 'DEFAULT' where Edit row had a
// dropdown. NULL and DEFAULT are choices of that dropdown, and choosing one writes what it says.
import '../../../ui/testing/jsdom.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableEditorUiEvent } from '../../../../machines/table-editor-ui.types.ts';
import type { Project } from '../../../api/types.ts';
import type { ColumnInfo, TableMeta } from '../../../domain/table-editor/types.ts';
import { EditorTabsProvider } from '../../editor/EditorTabsContext.tsx';
import { TableEditorProvider, useTableEditor, type TableEditorUiActor } from '../TableEditorContext.tsx';
import { PanelHost } from './PanelHost.tsx';
import { RowField } from './RowField.tsx';

const api = vi.hoisted(() => ({ runScript: vi.fn(), fetchEditRow: vi.fn() }));
vi.mock('../../../api/table-editor-panels.ts', () => ({
  runScript: api.runScript,
  fetchEnumTypes: async () => [],
  fetchReferenceTargets: async () => [],
  fetchColumnConstraints: async () => ({ unique: null, foreignKey: null }),
  fetchCellValue: vi.fn(),
  fetchEditRow: api.fetchEditRow,
  fetchReverseCounts: async () => [],
}));
vi.mock('../../../api/table-editor.ts', () => ({ runSql: vi.fn() }));
vi.mock('../../shared/useProjectRole.ts', () => ({ useProjectRole: () => 'owner' }));
vi.mock('@tanstack/react-router', () => ({ useSearch: () => ({}), useNavigate: () => vi.fn() }));

const project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1 } as Project;
const col = (name: string, over: Partial<ColumnInfo> = {}): ColumnInfo => ({
  table_id: 11, schema: 'public', table: 'tasks', id: `11.${name}`, ordinal_position: 1, name, default_value: null,
  data_type: 'text', format: 'text', is_identity: false, identity_generation: null, is_generated: false, is_nullable: true,
  is_updatable: true, is_unique: false, enums: [], check: null, comment: null, ...over,
});
const tasks: TableMeta = {
  id: 11, schema: 'public', name: 'tasks', type: 'r', comment: null, rls_enabled: false, estimated_rows: 1,
  primary_keys: ['id'],
  columns: [
    col('id', { format: 'int8', data_type: 'bigint', is_identity: true, identity_generation: 'BY DEFAULT', is_nullable: false }),
    // The usual flag: not null with a default — Insert row starts it on DEFAULT.
    col('done', { format: 'bool', data_type: 'boolean', default_value: 'false', is_nullable: false }),
    col('archived', { format: 'bool', data_type: 'boolean' }),
    col('mood', { format: 'mood', data_type: 'USER-DEFINED', enums: ['happy', 'sad'], default_value: "'happy'::mood" }),
  ],
  relationships: [],
};

let ui: TableEditorUiActor;
function Capture() {
  ui = useTableEditor().ui;
  return null;
}
function open(event: TableEditorUiEvent) {
  render(
    <EditorTabsProvider projectRef="abc">
      <TableEditorProvider project={project}>
        <Capture />
        <PanelHost table={tasks} />
      </TableEditorProvider>
    </EditorTabsProvider>,
  );
  act(() => ui.send(event));
}

/** The field of a column: a dropdown (react-aria Select: a button opening a listbox) and never a text box. */
function expectDropdown(name: string, shows: string) {
  const field = screen.getByTestId(`row-field-${name}`);
  expect(within(field).queryByRole('textbox')).toBeNull();
  const trigger = within(field).getByRole('button', { name: new RegExp(`^${shows}`) });
  expect(trigger.getAttribute('aria-haspopup')).toBe('listbox');
  return trigger;
}

async function choose(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, option: string) {
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  api.runScript.mockReset().mockResolvedValue([]);
  api.fetchEditRow.mockReset();
});

describe('row fields: one field per type in Insert row and Edit row', () => {
  it('Insert row: booleans and enums are dropdowns, also on DEFAULT; choosing a value inserts it', async () => {
    const user = userEvent.setup();
    open({ type: 'ui.addRow' });
    expectDropdown('done', 'DEFAULT');
    expectDropdown('mood', 'DEFAULT');
    const archived = screen.getByTestId('row-field-archived');
    expect(within(archived).queryByRole('textbox')).toBeNull();
    await choose(user, expectDropdown('done', 'DEFAULT'), 'true');
    await choose(user, within(archived).getByRole('button', { name: /archived/ }), 'NULL');
    expectDropdown('archived', 'NULL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.runScript).toHaveBeenCalledWith('abc', {
        query: 'insert into public.tasks (done, archived) values ($1, $2) returning *',
        parameters: ['true', null],
      }),
    );
  });

  it('Edit row: a NULL boolean is the same dropdown (reading NULL), and DEFAULT can be chosen from it', async () => {
    const user = userEvent.setup();
    api.fetchEditRow.mockResolvedValue({ id: '3', done: 'true', archived: null, mood: 'sad' });
    open({ type: 'ui.editRow', row: { id: 3, done: true, archived: null, mood: 'sad' } });
    await screen.findByTestId('row-field-archived');
    expectDropdown('archived', 'NULL');
    expectDropdown('mood', 'sad');
    await choose(user, expectDropdown('done', 'true'), 'DEFAULT');
    await choose(user, expectDropdown('archived', 'NULL'), 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.runScript).toHaveBeenCalledWith('abc', {
        query: 'update public.tasks set done = default, archived = $1 where id = $2 returning *',
        parameters: ['false', '3'],
      }),
    );
  });

  it('offers NULL only for a nullable column and DEFAULT only for one with a default', async () => {
    const user = userEvent.setup();
    api.fetchEditRow.mockResolvedValue({ id: '3', done: 'true', archived: 'false', mood: 'sad' });
    open({ type: 'ui.editRow', row: { id: 3, done: true, archived: false, mood: 'sad' } });
    await screen.findByTestId('row-field-archived');
    await user.click(expectDropdown('archived', 'false'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['true', 'false', 'NULL']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    await user.click(expectDropdown('done', 'true'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['true', 'false', 'DEFAULT']);
  });
});

describe('row fields: the mode buttons name their column (issue 24)', () => {
  it("a screen reader's button list tells 'Set to NULL' of one column from another's", async () => {
    const note = col('note');
    const due = col('due', { format: 'date', data_type: 'date', default_value: 'now()' });
    const onChange = vi.fn();
    render(
      <>
        <RowField column={note} value={{ mode: 'default' }} onChange={onChange} isDisabled={false} />
        <RowField column={due} value={{ mode: 'null' }} onChange={onChange} isDisabled={false} />
      </>,
    );
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Set a value for note', 'Set note to NULL', 'Set a value for due', 'Use DEFAULT for due']);
    // The visible text stays the short one.
    expect(screen.getByRole('button', { name: 'Set note to NULL' }).textContent).toBe('Set to NULL');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set note to NULL' }));
    expect(onChange).toHaveBeenCalledWith({ mode: 'null' });
  });
});
