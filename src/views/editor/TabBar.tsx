// The editor tab bar (spec B2.2), shared by the table editor (kind 'table') and the SQL editor (kind 'sql'): it shows
// the open tabs of its kind from the project's editor-tabs actor. The preview tab is in italics; double-click, Enter or
// a drag makes it permanent; drag (or Alt+←/→) reorders; the × button, a middle click or Delete closes; 'Close all'
// closes every tab of the kind. Where to go after a close is the machine's answer: the tab it activated, or the
// editor home when none of this kind is left.
import { useSelector } from '@xstate/react';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { selectOpenTabs, selectTabsOfKind } from '../../../machines/editor-tabs.selectors.ts';
import { tabKind, type EditorTab, type TabKind } from '../../domain/editor-tabs.ts';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/Icon.tsx';
import { useEditorTabs } from './EditorTabsContext.tsx';
import * as css from './TabBar.css.ts';

export interface TabBarProps {
  kind: TabKind;
  /** The tab the page shows (from the URL), highlighted; null on the editor home. */
  currentTabId: string | null;
  /** Goes to a tab's page, or to the editor home with null. */
  onNavigate: (tab: EditorTab | null) => void;
}

const DRAG_TYPE = 'application/x-strata-tab';

export function TabBar({ kind, currentTabId, onNavigate }: TabBarProps) {
  const tabsActor = useEditorTabs();
  const tabs = useSelector(tabsActor, (snapshot) => selectTabsOfKind(snapshot, kind), sameTabs);
  const listRef = useRef<HTMLDivElement>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  /** Index in the whole tab order (both kinds): what tab.reorder counts in. */
  const globalIndexOf = (id: string) => selectOpenTabs(tabsActor.getSnapshot()).findIndex((tab) => tab.id === id);

  /** After a close: the page follows the machine's active tab, or the home when none of this kind is left. */
  const followActive = () => {
    const { activeTab, tabsMap } = tabsActor.getSnapshot().context.tabs;
    const next = activeTab === null ? undefined : tabsMap[activeTab];
    onNavigate(next && tabKind(next.type) === kind ? next : null);
  };

  const close = (tab: EditorTab) => {
    const wasShown = tab.id === currentTabId;
    tabsActor.send({ type: 'tab.close', id: tab.id });
    if (wasShown) followActive();
  };

  const closeAll = () => {
    const wasShown = currentTabId !== null && tabs.some((tab) => tab.id === currentTabId);
    tabsActor.send({ type: 'tab.closeAll', kind });
    if (wasShown) onNavigate(null);
  };

  const open = (tab: EditorTab) => {
    tabsActor.send({ type: 'tab.activate', id: tab.id });
    onNavigate(tab);
  };

  const move = (tab: EditorTab, by: -1 | 1) => {
    const position = tabs.findIndex((other) => other.id === tab.id);
    const neighbour = tabs[position + by];
    if (!neighbour) return;
    tabsActor.send({ type: 'tab.reorder', id: tab.id, toIndex: globalIndexOf(neighbour.id) });
  };

  const focusTab = (index: number) => {
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]');
    buttons?.[Math.max(0, Math.min(index, buttons.length - 1))]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, tab: EditorTab, index: number) => {
    if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      move(tab, event.key === 'ArrowLeft' ? -1 : 1);
      // Focus stays on the moved tab once React re-renders it at its new place.
      requestAnimationFrame(() => focusTab(index + (event.key === 'ArrowLeft' ? -1 : 1)));
      return;
    }
    // Enter on the preview tab keeps it, as a double-click does (the button's click still shows it).
    if (event.key === 'Enter' && tab.isPreview) tabsActor.send({ type: 'tab.makePermanent', id: tab.id });
    const keys: Record<string, () => void> = {
      ArrowLeft: () => focusTab(index - 1),
      ArrowRight: () => focusTab(index + 1),
      Home: () => focusTab(0),
      End: () => focusTab(tabs.length - 1),
      Delete: () => {
        close(tab);
        // Focus stays in the list (issue 24: it fell to the body): on the tab that took this one's place, or the
        // new last one. With no tab left the page goes home and the shell moves focus to its heading.
        requestAnimationFrame(() => focusTab(index));
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    const id = event.dataTransfer.getData(DRAG_TYPE);
    setDropIndex(null);
    const target = tabs[index];
    if (!id || !target) return;
    event.preventDefault();
    tabsActor.send({ type: 'tab.reorder', id, toIndex: globalIndexOf(target.id) });
  };

  if (tabs.length === 0) return null;
  const focusable = tabs.some((tab) => tab.id === currentTabId) ? currentTabId : tabs[0]!.id;

  return (
    <div className={css.bar}>
      <div ref={listRef} role="tablist" aria-label={kind === 'table' ? 'Open tables' : 'Open queries'} className={css.list}>
        {tabs.map((tab, index) => (
          <div
            key={tab.id}
            className={css.tab}
            data-current={tab.id === currentTabId || undefined}
            data-preview={tab.isPreview || undefined}
            data-drop-target={dropIndex === index || undefined}
            data-testid="editor-tab"
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, tab.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              setDropIndex(index);
            }}
            onDragLeave={() => setDropIndex((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
            onAuxClick={(event) => {
              if (event.button === 1) {
                event.preventDefault();
                close(tab);
              }
            }}
            onMouseDown={(event) => {
              // Middle click closes; keep the browser from starting autoscroll.
              if (event.button === 1) event.preventDefault();
            }}
          >
            <button
              type="button"
              role="tab"
              aria-selected={tab.id === currentTabId}
              tabIndex={tab.id === focusable ? 0 : -1}
              className={css.tabButton}
              title={tab.isPreview ? `${tab.label} (preview: double-click to keep it open)` : tab.label}
              aria-keyshortcuts="Enter Delete Alt+ArrowLeft Alt+ArrowRight"
              onClick={() => open(tab)}
              onDoubleClick={() => tabsActor.send({ type: 'tab.makePermanent', id: tab.id })}
              onKeyDown={(event) => onKeyDown(event, tab, index)}
            >
              <span className={css.label}>{tab.label}</span>
            </button>
            {/* A tablist may hold only tabs (ARIA; issue 24, axe aria-required-children): the × is the mouse's way to
                close, out of the accessibility tree and the Tab order; the keyboard and screen readers close with
                Delete, announced by the tab's aria-keyshortcuts. */}
            <button
              type="button"
              className={css.close}
              aria-label={`Close ${tab.label}`}
              aria-hidden
              tabIndex={-1}
              onClick={() => close(tab)}
            >
              <CloseIcon size={12} />
            </button>
          </div>
        ))}
      </div>
      <Button size="tiny" variant="ghost" className={css.closeAll} onPress={closeAll}>
        Close all
      </Button>
    </div>
  );
}

/** Re-render only when the tabs of this kind change (the selector builds a new array each time). */
function sameTabs(a: EditorTab[], b: EditorTab[]): boolean {
  return a.length === b.length && a.every((tab, index) => tab === b[index]);
}
