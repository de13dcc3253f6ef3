// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectActiveTab, selectOpenTabs } from '../../../machines/editor-tabs.selectors.ts';
import type { EditorTabsActor } from '../../actors/editor-tabs.ts';
import type { EditorTab, TabKind } from '../../domain/editor-tabs.ts';
import { EditorTabsProvider, useEditorTabs } from './EditorTabsContext.tsx';
import { TabBar } from './TabBar.tsx';

let actor: EditorTabsActor;
function Probe() {
  actor = useEditorTabs();
  return null;
}

const table = (id: number, label = `t${id}`) => ({ type: 'r' as const, itemId: id, label, metadata: { tableId: id, schema: 'public' } });

function setup({ kind = 'table' as TabKind, current = null as string | null } = {}) {
  const onNavigate = vi.fn<(tab: EditorTab | null) => void>();
  const view = render(
    <EditorTabsProvider projectRef="ref1">
      <Probe />
      <TabBar kind={kind} currentTabId={current} onNavigate={onNavigate} />
    </EditorTabsProvider>,
  );
  const rerender = (currentTabId: string | null) =>
    view.rerender(
      <EditorTabsProvider projectRef="ref1">
        <Probe />
        <TabBar kind={kind} currentTabId={currentTabId} onNavigate={onNavigate} />
      </EditorTabsProvider>,
    );
  return { onNavigate, rerender };
}

const ids = () => selectOpenTabs(actor.getSnapshot()).map((tab) => tab.id);
const tabButtons = () => screen.getAllByRole('tab');

beforeEach(() => localStorage.clear());

describe('TabBar', () => {
  it('shows only its kind, the preview in italics (data-preview), the current tab selected', () => {
    const { rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: { type: 'sql', itemId: 'q1', label: 'query' } });
      actor.send({ type: 'tab.openPreview', item: table(2) });
    });
    rerender('r-2');
    expect(tabButtons().map((tab) => tab.textContent)).toEqual(['t1', 't2']);
    const preview = screen.getAllByTestId('editor-tab')[1]!;
    expect(preview.getAttribute('data-preview')).toBe('true');
    expect(within(preview).getByRole('tab').getAttribute('aria-selected')).toBe('true');
    expect(tabButtons()[0]!.getAttribute('aria-selected')).toBe('false');
  });

  it('renders nothing without tabs of its kind', () => {
    setup();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('closing the current tab goes to the tab the machine activates, then home when none is left', async () => {
    const user = userEvent.setup();
    const { onNavigate, rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
      actor.send({ type: 'tab.openPermanent', item: table(3) });
      actor.send({ type: 'tab.activate', id: 'r-2' });
    });
    rerender('r-2');
    await user.click(screen.getByLabelText('Close t2'));
    expect(onNavigate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r-3' }));
    rerender('r-3');
    await user.click(screen.getByLabelText('Close t3'));
    expect(onNavigate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r-1' }));
    rerender('r-1');
    await user.click(screen.getByLabelText('Close t1'));
    expect(onNavigate).toHaveBeenLastCalledWith(null);
    expect(ids()).toEqual([]);
  });

  it('closing a tab that is not shown does not navigate; a middle click closes', () => {
    const { onNavigate, rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
    });
    rerender('r-2');
    fireEvent(screen.getAllByTestId('editor-tab')[0]!, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(ids()).toEqual(['r-2']);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('a table tab closed while a SQL tab stays active sends the table editor home', async () => {
    const user = userEvent.setup();
    const { onNavigate, rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: { type: 'sql', itemId: 'q1', label: 'query' } });
      actor.send({ type: 'tab.openPermanent', item: table(1) });
    });
    rerender('r-1');
    await user.click(screen.getByLabelText('Close t1'));
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('sql-q1');
    expect(onNavigate).toHaveBeenLastCalledWith(null);
  });

  it("'Close all' closes the tabs of its kind only and goes home", async () => {
    const user = userEvent.setup();
    const { onNavigate, rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: { type: 'sql', itemId: 'q1', label: 'query' } });
      actor.send({ type: 'tab.openPreview', item: table(2) });
    });
    rerender('r-2');
    await user.click(screen.getByRole('button', { name: 'Close all' }));
    expect(ids()).toEqual(['sql-q1']);
    expect(onNavigate).toHaveBeenLastCalledWith(null);
  });

  it('click activates and navigates; double-click makes the preview permanent', async () => {
    const user = userEvent.setup();
    const { onNavigate, rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPreview', item: table(2) });
    });
    rerender('r-2');
    await user.click(screen.getByRole('tab', { name: 't1' }));
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('r-1');
    expect(onNavigate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r-1' }));
    await user.dblClick(screen.getByRole('tab', { name: 't2' }));
    expect(actor.getSnapshot().context.tabs.previewTabId).toBeNull();
  });

  it('drag and drop reorders (and makes the dragged preview permanent)', () => {
    const { rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
      actor.send({ type: 'tab.openPreview', item: table(3) });
    });
    rerender('r-3');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() { return [...data.keys()]; },
      effectAllowed: 'none',
    };
    const [first, , third] = screen.getAllByTestId('editor-tab');
    fireEvent.dragStart(third!, { dataTransfer });
    fireEvent.dragOver(first!, { dataTransfer });
    fireEvent.drop(first!, { dataTransfer });
    expect(ids()).toEqual(['r-3', 'r-1', 'r-2']);
    expect(actor.getSnapshot().context.tabs.previewTabId).toBeNull();
  });

  it('the tab list holds only tabs (issue 24, aria-required-children): the close buttons are kept from assistive technology, which closes with Delete', () => {
    const { rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
    });
    rerender('r-1');
    const list = screen.getByRole('tablist', { name: 'Open tables' });
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(list).getAllByRole('tab').map((tab) => tab.getAttribute('aria-keyshortcuts'))).toEqual([
      'Enter Delete Alt+ArrowLeft Alt+ArrowRight',
      'Enter Delete Alt+ArrowLeft Alt+ArrowRight',
    ]);
    // The mouse still has its × buttons.
    expect(within(list).getAllByRole('button', { hidden: true }).map((button) => button.getAttribute('aria-label'))).toEqual(['Close t1', 'Close t2']);
  });

  it('Delete leaves focus on a tab: the next one, or the previous one after the last (issue 24)', async () => {
    const user = userEvent.setup();
    const { rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
      actor.send({ type: 'tab.openPermanent', item: table(3) });
    });
    rerender('r-1');
    screen.getByRole('tab', { name: 't2' }).focus();
    await user.keyboard('{Delete}');
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 't3' }));
    await user.keyboard('{Delete}');
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 't1' }));
  });

  it('is keyboard accessible: arrows move focus, Alt+arrows reorder, Delete closes', async () => {
    const user = userEvent.setup();
    const { rerender } = setup();
    act(() => {
      actor.send({ type: 'tab.openPermanent', item: table(1) });
      actor.send({ type: 'tab.openPermanent', item: table(2) });
      actor.send({ type: 'tab.openPermanent', item: table(3) });
      actor.send({ type: 'tab.activate', id: 'r-1' });
    });
    rerender('r-1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 't1' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 't2' }));
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(ids()).toEqual(['r-1', 'r-3', 'r-2']);
    await user.keyboard('{Delete}');
    expect(ids()).toEqual(['r-1', 'r-3']);
    act(() => actor.send({ type: 'tab.openPreview', item: table(4) }));
    rerender('r-4');
    screen.getByRole('tab', { name: 't4' }).focus();
    await user.keyboard('{Enter}');
    expect(actor.getSnapshot().context.tabs.previewTabId).toBeNull();
  });
});
