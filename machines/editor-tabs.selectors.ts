// Selectors of the editor-tabs machine: views read these through useSelector, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import { tabKind, type EditorTab, type TabKind } from '../src/domain/editor-tabs.ts';
import type { RecentItem } from '../src/domain/recent-items.ts';
import type { EditorTabsMachine } from './editor-tabs.machine.ts';

type EditorTabsSnapshot = SnapshotFrom<EditorTabsMachine>;

/** The open tabs in their order. spec B2.2 */
export const selectOpenTabs = (snapshot: EditorTabsSnapshot): EditorTab[] =>
  snapshot.context.tabs.openTabs.map((id) => snapshot.context.tabs.tabsMap[id]!);

/** The open tabs of one editor's kind (what its 'Close all' closes). */
export const selectTabsOfKind = (snapshot: EditorTabsSnapshot, kind: TabKind): EditorTab[] =>
  selectOpenTabs(snapshot).filter((tab) => tabKind(tab.type) === kind);

export const selectActiveTab = (snapshot: EditorTabsSnapshot): EditorTab | null => {
  const { activeTab, tabsMap } = snapshot.context.tabs;
  return activeTab === null ? null : (tabsMap[activeTab] ?? null);
};

export const selectPreviewTabId = (snapshot: EditorTabsSnapshot): string | null => snapshot.context.tabs.previewTabId;

/** No tab open: the editor home is shown. spec B2.2 */
export const selectIsEditorHome = (snapshot: EditorTabsSnapshot): boolean => snapshot.matches({ editor: 'home' });

/** The remembered scroll position of a tab (0 when none). spec B2.2 */
export const selectScrollTop = (snapshot: EditorTabsSnapshot, id: string): number =>
  (Object.hasOwn(snapshot.context.tabs.tabsMap, id) ? snapshot.context.tabs.tabsMap[id]!.metadata.scrollTop : undefined) ?? 0;

/** Recent items, newest first; of one kind when given. spec B2.2 */
export const selectRecentItems = (snapshot: EditorTabsSnapshot, kind?: TabKind): RecentItem[] =>
  kind === undefined ? snapshot.context.recentItems : snapshot.context.recentItems.filter((item) => tabKind(item.type) === kind);

/** A write to local storage is under way. */
export const selectSaving = (snapshot: EditorTabsSnapshot): boolean => snapshot.hasTag('busy');
