// @vitest-environment jsdom
import '../../../ui/testing/jsdom.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '../../../api/types.ts';
import type { EditorTabsActor } from '../../../actors/editor-tabs.ts';
import { EditorTabsProvider, useEditorTabs } from '../../editor/EditorTabsContext.tsx';
import { TableEditorProvider, useTableEditor, type TableEditorUiActor } from '../TableEditorContext.tsx';
import { EditorHome } from './EditorHome.tsx';

const project = { id: 1, ref: 'proj1', name: 'Storefront' } as unknown as Project;
let tabs: EditorTabsActor;
let ui: TableEditorUiActor;
function Probe() {
  tabs = useEditorTabs();
  ui = useTableEditor().ui;
  return null;
}

function setup() {
  const onOpenRecent = vi.fn();
  const view = () => (
    <EditorTabsProvider projectRef="proj1">
      <TableEditorProvider project={project}>
        <Probe />
        <EditorHome onOpenRecent={onOpenRecent} />
      </TableEditorProvider>
    </EditorTabsProvider>
  );
  const result = render(view());
  return { onOpenRecent, remount: () => (result.unmount(), render(view())) };
}

beforeEach(() => localStorage.clear());

describe('EditorHome', () => {
  it('lists recent tables newest first (no SQL items, at most 8) and reopens one', async () => {
    const { onOpenRecent } = setup();
    act(() => {
      for (let id = 1; id <= 10; id++) tabs.send({ type: 'recent.add', item: { id: `r-${id}`, type: 'r', label: `t${id}`, metadata: { tableId: id, schema: 'public' } }, timestamp: id });
      tabs.send({ type: 'recent.add', item: { id: 'sql-1', type: 'sql', label: 'query' }, timestamp: 11 });
    });
    const items = within(screen.getByTestId('recent-items')).getAllByRole('button');
    expect(items.map((item) => item.textContent?.split('public')[0])).toEqual(['t10', 't9', 't8', 't7', 't6', 't5', 't4', 't3']);
    await userEvent.setup().click(items[1]!);
    expect(onOpenRecent).toHaveBeenCalledWith(expect.objectContaining({ id: 'r-9' }));
  });

  it('the quickstart opens the new-table panel and stays dismissed once dismissed', async () => {
    const user = userEvent.setup();
    const { remount } = setup();
    expect(screen.getByText('Tables you open show up here.')).toBeTruthy();
    const send = vi.spyOn(ui, 'send');
    await user.click(screen.getByRole('button', { name: 'Start from a template' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ui.newTable', template: true });
    ui.send({ type: 'ui.close' });
    await user.click(screen.getByRole('button', { name: 'Create a new table' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ui.newTable' });
    await user.click(screen.getByRole('button', { name: 'Dismiss table quickstart' }));
    expect(screen.queryByTestId('table-quickstart')).toBeNull();
    expect(localStorage.getItem('strata.table-quickstart.dismissed')).toBe('true');
    remount();
    expect(screen.queryByTestId('table-quickstart')).toBeNull();
  });
});
