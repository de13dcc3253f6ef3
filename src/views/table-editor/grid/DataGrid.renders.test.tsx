// @vitest-environment jsdom
// The grid's cells render again only when what they show changes (issue 25): a render of the grid for something else
// (new callbacks from the page, a count arriving, another active cell) used to run every cell on screen.
import '../../../ui/testing/jsdom.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tableRowsMachine, type FetchCountInput, type FetchRowsInput } from '../../../../machines/table-rows.machine.ts';
import type { FetchedPage } from '../../../domain/table-editor/row-segments.ts';
import type { RowCount } from '../../../domain/table-editor/row-count.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { row, tableMeta, withLaidOutScrollElement } from './grid-test-fixtures.ts';

// Every render of a loaded cell formats its value once: the count of calls is the count of cell renders.
const formatted = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../domain/table-editor/grid-cells.ts', async (original) => {
  const actual = await original<typeof import('../../../domain/table-editor/grid-cells.ts')>();
  return {
    ...actual,
    cellText: (value: unknown) => {
      formatted.count += 1;
      return actual.cellText(value);
    },
  };
});
const { DataGrid } = await import('./DataGrid.tsx');
type Props = Parameters<typeof DataGrid>[0];

const meta: TableMeta = tableMeta('items', 3);
withLaidOutScrollElement();

describe('DataGrid cell renders (issue 25)', () => {
  it('renders no cell again for new callbacks, and only the cells whose state changed on a click', async () => {
    const machine = tableRowsMachine.provide({
      actors: {
        fetchRows: fromPromise<FetchedPage, FetchRowsInput>(async () => ({ rows: [row(0), row(1), row(2)], offset: 0, complete: true })),
        fetchCount: fromPromise<RowCount, FetchCountInput>(async () => ({ value: 3, exact: true })),
      },
    });
    const actor = createActor(machine, { input: { table: meta, sorts: [], filters: [] } }).start();
    const props = (): Props => ({
      cellMenu: { onCopyCell: vi.fn(), onCopyRows: vi.fn(), onFilter: vi.fn(), onEditRow: vi.fn(), onDeleteRows: vi.fn() },
      meta, rows: actor, sorts: [], canEditRows: true, canEditColumns: true, selection: { rows: new Map(), all: false },
      onSelectionChange: vi.fn(), initialScrollTop: 0, viewKey: 'v', onScrollTop: () => {}, onSort: vi.fn(), onExpand: vi.fn(),
      onFollow: vi.fn(), onEditColumn: vi.fn(), onDeleteColumn: vi.fn(),
    });
    const view = render(<DataGrid {...props()} />);
    await screen.findByText('item 3');
    const cells = document.querySelectorAll('[role="gridcell"][data-column]').length;
    expect(cells).toBe(6);

    const before = formatted.count;
    view.rerender(<DataGrid {...props()} />);
    view.rerender(<DataGrid {...props()} />);
    expect(formatted.count - before).toBe(0);

    // A press on a cell makes it the active one (and the anchor of a range of one): that cell renders, no other.
    const target = screen.getByText('item 2').closest('[role="gridcell"]')!;
    const pressed = formatted.count;
    fireEvent.mouseDown(target);
    expect(target.getAttribute('data-active')).toBe('true');
    expect(formatted.count - pressed).toBe(1);
  });
});
