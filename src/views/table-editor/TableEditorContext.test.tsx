// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
// The table editor's shared value (spec B2.1) and the open table (issue 25): the grid page sets the open table as it
// mounts; only the panels read it, so setting it re-renders none of the other parts (the grid among them).
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../api/types.ts';
import type { TableMeta } from '../../domain/table-editor/types.ts';
import { TableEditorProvider, useOpenTable, useTableEditor } from './TableEditorContext.tsx';

const project: Project = { id: 1, ref: 'abc', name: 'Storefront', status: 'ACTIVE_HEALTHY', region: 'local', organization_id: 1 };
const meta = { id: 7, schema: 'public', name: 'orders', type: 'r', columns: [] } as unknown as TableMeta;

describe('the open table of the table editor', () => {
  it('re-renders its readers only, not the parts that share the editor', () => {
    const renders = { part: 0, panels: 0 };
    let setOpenTable: (table: TableMeta | null) => void = () => {};
    function Part() {
      renders.part += 1;
      const shared = useTableEditor();
      useEffect(() => {
        setOpenTable = shared.setOpenTable;
      });
      return <p>{shared.project.name}</p>;
    }
    function Panels() {
      renders.panels += 1;
      return <p data-testid="open">{useOpenTable()?.name ?? 'none'}</p>;
    }
    render(
      <TableEditorProvider project={project}>
        <Part />
        <Panels />
      </TableEditorProvider>,
    );
    expect(screen.getByTestId('open').textContent).toBe('none');
    act(() => setOpenTable(meta));
    expect(screen.getByTestId('open').textContent).toBe('orders');
    expect(renders).toEqual({ part: 1, panels: 2 });
    act(() => setOpenTable(null));
    expect(screen.getByTestId('open').textContent).toBe('none');
    expect(renders.part).toBe(1);
  });
});
