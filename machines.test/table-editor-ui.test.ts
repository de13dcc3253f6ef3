// Table editor UI state (spec B2.1): examples, generated paths over every state and transition, and properties over
// random event sequences (exactly one of none / one panel / one dialog; cascade off whenever a dialog opens).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type SnapshotFrom } from 'xstate';
import { tableEditorUiMachine } from '../machines/table-editor-ui.machine.ts';
import { selectCascade, selectConfirm, selectSidePanel, selectUiView } from '../machines/table-editor-ui.selectors.ts';
import type { TableEditorUiEvent } from '../machines/table-editor-ui.types.ts';
import type { ColumnInfo, TableEntity } from '../src/domain/table-editor/types.ts';
import { describeMachinePaths } from './support/paths.ts';

const table: TableEntity = { id: 16384, schema: 'public', name: 'orders', type: 'r', comment: null, rls_enabled: false };
const column = (name: string): ColumnInfo => ({
  table_id: 16384, schema: 'public', table: 'orders', id: `16384.${name.length}`, ordinal_position: 1, name,
  default_value: null, data_type: 'bigint', format: 'int8', is_identity: false, identity_generation: null,
  is_generated: false, is_nullable: true, is_updatable: true, is_unique: false, enums: [], check: null, comment: null,
});
const customerId = column('customer_id');
const row = { id: 7, customer_id: 1 };

const start = () => createActor(tableEditorUiMachine).start();
type Snapshot = SnapshotFrom<typeof tableEditorUiMachine>;

describe('table editor UI machine: examples', () => {
  it('opens one thing at a time; a new one replaces the old', () => {
    const ui = start();
    expect(selectUiView(ui.getSnapshot())).toEqual({ area: 'none' });
    ui.send({ type: 'ui.editTable', table });
    expect(selectSidePanel(ui.getSnapshot())).toBe('editTable');
    ui.send({ type: 'ui.deleteColumn', column: customerId });
    expect(selectUiView(ui.getSnapshot())).toEqual({ area: 'confirm', kind: 'deleteColumn' });
    expect(ui.getSnapshot().context.table).toBeNull();
    expect(ui.getSnapshot().context.column).toEqual(customerId);
    ui.send({ type: 'ui.close' });
    expect(selectUiView(ui.getSnapshot())).toEqual({ area: 'none' });
  });

  it("'delete with cascade' starts off, toggles in the dialog, and is off again at the next opening", () => {
    const ui = start();
    ui.send({ type: 'ui.deleteTable', table });
    expect(selectCascade(ui.getSnapshot())).toBe(false);
    ui.send({ type: 'ui.cascade', cascade: true });
    expect(selectCascade(ui.getSnapshot())).toBe(true);
    ui.send({ type: 'ui.deleteTable', table });
    expect(selectCascade(ui.getSnapshot())).toBe(false);
    ui.send({ type: 'ui.deleteRows', rows: [row], count: 1, allSelected: false });
    ui.send({ type: 'ui.cascade', cascade: true });
    expect(selectCascade(ui.getSnapshot())).toBe(false);
  });

  it('delete rows carries the rows, their number and whether all are selected', () => {
    const ui = start();
    ui.send({ type: 'ui.deleteRows', rows: [row], count: 5000, allSelected: true });
    expect(ui.getSnapshot().context).toMatchObject({ rows: [row], count: 5000, allSelected: true });
  });

  it('a reference chosen from the edit-row panel goes back to it with the value, the row and what was typed', () => {
    const ui = start();
    ui.send({ type: 'ui.editRow', row });
    ui.send({ type: 'ui.chooseReference', column: customerId, row, draft: { note: 'typed' } });
    expect(selectSidePanel(ui.getSnapshot())).toBe('chooseReference');
    expect(ui.getSnapshot().context).toMatchObject({ column: customerId, returnTo: 'editRow', row });
    ui.send({ type: 'ui.referenceChosen', value: 42 });
    expect(selectSidePanel(ui.getSnapshot())).toBe('editRow');
    expect(ui.getSnapshot().context).toMatchObject({ row, draft: { note: 'typed' }, chosen: { column: 'customer_id', value: 42 }, column: null });
  });

  it('closing the picker returns to the add-row panel without a value; a second close closes it', () => {
    const ui = start();
    ui.send({ type: 'ui.addRow' });
    ui.send({ type: 'ui.chooseReference', column: customerId, draft: { customer_id: '' } });
    ui.send({ type: 'ui.close' });
    expect(selectSidePanel(ui.getSnapshot())).toBe('addRow');
    expect(ui.getSnapshot().context).toMatchObject({ chosen: null, draft: { customer_id: '' }, returnTo: null });
    ui.send({ type: 'ui.close' });
    expect(selectUiView(ui.getSnapshot())).toEqual({ area: 'none' });
  });

  it('a reference chosen from the grid closes the picker', () => {
    const ui = start();
    ui.send({ type: 'ui.chooseReference', column: customerId, row });
    expect(ui.getSnapshot().context.returnTo).toBeNull();
    ui.send({ type: 'ui.referenceChosen', value: 3 });
    expect(selectUiView(ui.getSnapshot())).toEqual({ area: 'none' });
  });

  it('new table remembers whether it starts from template data', () => {
    const ui = start();
    ui.send({ type: 'ui.newTable', template: true });
    expect(ui.getSnapshot().context.template).toBe(true);
    ui.send({ type: 'ui.newTable' });
    expect(ui.getSnapshot().context.template).toBe(false);
  });
});

const EVENTS: TableEditorUiEvent[] = [
  { type: 'ui.newSchema' },
  { type: 'ui.newTable', template: true },
  { type: 'ui.editTable', table },
  { type: 'ui.duplicateTable', table },
  { type: 'ui.addColumn' },
  { type: 'ui.editColumn', column: customerId },
  { type: 'ui.addRow' },
  { type: 'ui.editRow', row },
  { type: 'ui.expandJson', column: customerId, row },
  { type: 'ui.expandText', column: customerId, row },
  { type: 'ui.chooseReference', column: customerId, row, draft: { customer_id: '1' } },
  { type: 'ui.importCsv' },
  { type: 'ui.deleteTable', table },
  { type: 'ui.deleteColumn', column: customerId },
  { type: 'ui.deleteRows', rows: [row], count: 1, allSelected: false },
  { type: 'ui.cascade', cascade: true },
  { type: 'ui.referenceChosen', value: 9 },
  { type: 'ui.close' },
  { type: 'data.changed', kinds: ['rows', 'tables'] },
];

/** Exactly one of: nothing, one side panel, one dialog — and the context belongs to it. */
function assertOneThing(s: Snapshot) {
  const panel = selectSidePanel(s);
  const dialog = selectConfirm(s);
  expect([panel, dialog].filter((x) => x !== null).length).toBeLessThanOrEqual(1);
  if (panel === null && dialog === null) expect(s.value).toBe('none');
  if (!s.matches('confirm')) expect(s.context.cascade).toBe(false);
}

describe('table editor UI machine: the change feed (issue 15)', () => {
  it('emits data.changed with what changed, whatever is open, and leaves the UI as it is', () => {
    const ui = start();
    const heard: unknown[] = [];
    ui.on('data.changed', (event) => heard.push(event));
    ui.send({ type: 'ui.addRow' });
    ui.send({ type: 'data.changed', kinds: ['rows'] });
    expect(selectSidePanel(ui.getSnapshot())).toBe('addRow');
    ui.send({ type: 'ui.close' });
    ui.send({ type: 'data.changed', kinds: ['tables', 'table'] });
    expect(heard).toEqual([
      { type: 'data.changed', kinds: ['rows'] },
      { type: 'data.changed', kinds: ['tables', 'table'] },
    ]);
  });
});

describeMachinePaths('table editor UI machine: generated paths', tableEditorUiMachine, {
  events: EVENTS,
  simplePaths: false,
  // spec B2.1: one panel or dialog at a time, the reference picker's detour back to the row panel; issue 15: the
  // change feed.
  required: [
    'none --ui.addRow--> sidePanel.addRow',
    'none --ui.deleteRows--> confirm.deleteRows',
    'sidePanel.addRow --ui.chooseReference--> sidePanel.chooseReference',
    'sidePanel.editRow --ui.chooseReference--> sidePanel.chooseReference',
    'sidePanel.chooseReference --ui.referenceChosen--> sidePanel.addRow',
    'sidePanel.chooseReference --ui.referenceChosen--> sidePanel.editRow',
    'sidePanel.chooseReference --ui.close--> sidePanel.addRow',
    'confirm.deleteTable --ui.cascade--> confirm.deleteTable',
    'none --ui.close--> none',
    'none --data.changed--> none',
  ],
  invariants: {
    '*': assertOneThing,
    none: (s) => expect(s.context).toMatchObject({ table: null, column: null, row: null, returnTo: null, cascade: false }),
    'sidePanel.newSchema': (s) => expect(s.context.table).toBeNull(),
    'sidePanel.newTable': (s) => expect(s.context.template).toBe(true),
    'sidePanel.editTable': (s) => expect(s.context.table).toEqual(table),
    'sidePanel.duplicateTable': (s) => expect(s.context.table).toEqual(table),
    'sidePanel.addColumn': (s) => expect(s.context.column).toBeNull(),
    'sidePanel.editColumn': (s) => expect(s.context.column).toEqual(customerId),
    'sidePanel.addRow': (s) => expect(s.context.row).toBeNull(),
    'sidePanel.editRow': (s) => expect(s.context.row).toEqual(row),
    'sidePanel.expandJson': (s) => expect(s.context.row).toEqual(row),
    'sidePanel.expandText': (s) => expect(s.context.column).toEqual(customerId),
    'sidePanel.chooseReference': (s) => expect(s.context.column).toEqual(customerId),
    'sidePanel.importCsv': (s) => expect(s.context.row).toBeNull(),
    'confirm.deleteTable': (s) => expect(s.context.table).toEqual(table),
    'confirm.deleteColumn': (s) => expect(s.context.column).toEqual(customerId),
    'confirm.deleteRows': (s) => expect(s.context).toMatchObject({ count: 1, cascade: false }),
  },
});

describe('table editor UI machine: properties', () => {
  const event = fc.constantFrom(...EVENTS);

  it('any sequence of events leaves exactly one of none / one panel / one dialog', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const ui = start();
        for (const e of events) {
          ui.send(e);
          assertOneThing(ui.getSnapshot());
        }
      }),
    );
  });

  it('cascade is always off when a dialog opens, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.constantFrom<TableEditorUiEvent>(EVENTS[12]!, EVENTS[13]!, EVENTS[14]!), (events, open) => {
        const ui = start();
        for (const e of events) ui.send(e);
        ui.send(open);
        expect(selectConfirm(ui.getSnapshot())).not.toBeNull();
        expect(selectCascade(ui.getSnapshot())).toBe(false);
      }),
    );
  });

  it('the picker always returns to the row panel it was opened from, with the draft kept', () => {
    fc.assert(
      fc.property(fc.constantFrom('addRow', 'editRow' as const), fc.boolean(), fc.dictionary(fc.string(), fc.string()), (panel, choose, draft) => {
        const ui = start();
        ui.send(panel === 'addRow' ? { type: 'ui.addRow' } : { type: 'ui.editRow', row });
        ui.send({ type: 'ui.chooseReference', column: customerId, draft });
        ui.send(choose ? { type: 'ui.referenceChosen', value: 'x' } : { type: 'ui.close' });
        expect(selectSidePanel(ui.getSnapshot())).toBe(panel);
        expect(ui.getSnapshot().context.draft).toEqual(draft);
        expect(ui.getSnapshot().context.chosen).toEqual(choose ? { column: 'customer_id', value: 'x' } : null);
      }),
    );
  });
});
