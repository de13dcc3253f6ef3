// @vitest-environment jsdom
// A grid over 1,000,000 rows renders a small window of rows wherever it is scrolled, and builds nothing per row of the
// table (issue 25: a virtualizer's per-row measurements cost ~0.5 s of script and GC when the count landed).
import '../../../ui/testing/jsdom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tableRowsMachine, type FetchCountInput, type FetchRowsInput } from '../../../../machines/table-rows.machine.ts';
import type { FetchedPage } from '../../../domain/table-editor/row-segments.ts';
import type { RowCount } from '../../../domain/table-editor/row-count.ts';
import type { TableMeta } from '../../../domain/table-editor/types.ts';
import { row, tableMeta, withLaidOutScrollElement } from './grid-test-fixtures.ts';
import { DataGrid } from './DataGrid.tsx';
import { EMPTY_SELECTION } from './selection.ts';
import { ROW_HEIGHT } from './Grid.css.ts';

const TOTAL = 1_000_000;
const meta: TableMeta = tableMeta('big', TOTAL);
withLaidOutScrollElement();

describe('DataGrid over a million rows (issue 25)', () => {
  it('renders only the rows in view and the overscan, at the top and deep in the table', async () => {
    const requests: FetchRowsInput['request'][] = [];
    const machine = tableRowsMachine.provide({
      actors: {
        fetchRows: fromPromise<FetchedPage, FetchRowsInput>(async ({ input }) => {
          requests.push(input.request);
          const offset = input.request.offset;
          return { rows: Array.from({ length: input.limit }, (_, i) => row(offset + i)), offset, complete: false };
        }),
        fetchCount: fromPromise<RowCount, FetchCountInput>(async () => ({ value: TOTAL, exact: false })),
      },
    });
    const actor = createActor(machine, { input: { table: meta, sorts: [], filters: [] } }).start();
    render(
      <DataGrid
        meta={meta} rows={actor} sorts={[]} canEditRows={false} canEditColumns={false} selection={EMPTY_SELECTION} onSelectionChange={vi.fn()}
        initialScrollTop={0} viewKey="v" onScrollTop={() => {}} onSort={vi.fn()} onExpand={vi.fn()} onFollow={vi.fn()} onEditColumn={vi.fn()}
        onDeleteColumn={vi.fn()} cellMenu={{ onCopyCell: vi.fn(), onCopyRows: vi.fn(), onFilter: vi.fn(), onEditRow: vi.fn(), onDeleteRows: vi.fn() }}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Rows of big' });
    await screen.findByText('item 1');
    await vi.waitFor(() => expect(grid.getAttribute('aria-rowcount')).toBe(String(TOTAL + 1)));
    const shown = () => Array.from(grid.querySelectorAll('[role="row"][aria-rowindex]'), (element) => Number(element.getAttribute('aria-rowindex')) - 2).filter((index) => index >= 0);
    // 400 px show 13 rows; 10 more below. The scroll height is the whole table's.
    expect(shown()).toEqual(Array.from({ length: 23 }, (_, i) => i));

    // Scrolled to row 900,000: that window, and the rows machine asked for the rows there.
    act(() => {
      grid.scrollTop = 900_000 * ROW_HEIGHT;
      fireEvent.scroll(grid);
    });
    await screen.findByText('item 900001');
    expect(shown()).toEqual(Array.from({ length: 33 }, (_, i) => 899_990 + i));
    expect(requests.some((request) => request.kind === 'jump' && request.offset >= 899_000)).toBe(true);
    actor.stop();
  });
});
