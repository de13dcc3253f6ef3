// Editor tabs shared by the table editor and the SQL editor (spec B2.2, B3): pure operations on the tabs state.
// Every operation returns the same object when it changes nothing, so callers (the editor-tabs machine) can tell a
// no-op by identity and skip the write to local storage.

/** Table tab types: relkind r table, v view, m materialized view, f foreign table, p partitioned table. spec B3 */
export const TABLE_TAB_TYPES = ['r', 'v', 'm', 'f', 'p'] as const;
export type TableTabType = (typeof TABLE_TAB_TYPES)[number];
/** The SQL tab type. spec B3 */
export const SQL_TAB_TYPE = 'sql';
export type TabType = TableTabType | typeof SQL_TAB_TYPE;
/** 'Close all' works per kind: all table tabs, or all SQL tabs. spec B2.2 */
export type TabKind = 'table' | 'sql';

/** Label of a tab or recent item that has none. spec B2.2 ("Label defaults to 'Untitled'") */
export const DEFAULT_TAB_LABEL = 'Untitled';

export interface TabMetadata {
  sqlId?: string;
  tableId?: number;
  schema?: string;
  /** The tab's scroll position, restored when it is shown again. spec B2.2 */
  scrollTop?: number;
  /**
   * A table tab's sort and filter, as the URL writes them (src/domain/table-editor/url.ts). The URL owns them (DESIGN
   * §3); the tab remembers the last ones so that going back to it navigates with them (issue 14 item 6).
   */
  sort?: string;
  filter?: string;
}

/** A table tab's sort and filter (URL values); absent means none. */
export interface TabQuery {
  sort?: string | undefined;
  filter?: string | undefined;
}

/** An editor tab. spec B3 */
export interface EditorTab {
  /** `${type}-${item id}`, e.g. r-16384 or sql-5c1d… */
  id: string;
  type: TabType;
  label: string;
  isPreview: boolean;
  metadata: TabMetadata;
}

/** Tabs state, saved to local storage per project ref. spec B3 */
export interface TabsState {
  openTabs: string[];
  activeTab: string | null;
  tabsMap: Record<string, EditorTab>;
  previewTabId: string | null;
}

/** What a view asks to open: the item and its type; the tab id is derived. */
export interface TabItem {
  type: TabType;
  itemId: string | number;
  label?: string;
  metadata?: TabMetadata;
}

export const EMPTY_TABS_STATE: TabsState = Object.freeze({ openTabs: [], activeTab: null, tabsMap: {}, previewTabId: null }) as TabsState;

const ALL_TYPES: readonly string[] = [...TABLE_TAB_TYPES, SQL_TAB_TYPE];

export const isTabType = (value: unknown): value is TabType => typeof value === 'string' && ALL_TYPES.includes(value);

export const tabKind = (type: TabType): TabKind => (type === SQL_TAB_TYPE ? 'sql' : 'table');

/** The type-prefixed tab id. spec B2.2 */
export const tabId = (type: TabType, itemId: string | number): string => `${type}-${itemId}`;

/** The type and item id of a tab id, or null when it carries no known prefix. */
export function parseTabId(id: string): { type: TabType; itemId: string } | null {
  const dash = id.indexOf('-');
  if (dash <= 0 || dash === id.length - 1) return null;
  const type = id.slice(0, dash);
  return isTabType(type) ? { type, itemId: id.slice(dash + 1) } : null;
}

/** Keeps only the known metadata fields with values of the right type (also used when parsing storage). */
export function cleanMetadata(raw: unknown): TabMetadata {
  if (typeof raw !== 'object' || raw === null) return {};
  const source = raw as Record<string, unknown>;
  const metadata: TabMetadata = {};
  if (typeof source.sqlId === 'string') metadata.sqlId = source.sqlId;
  if (typeof source.tableId === 'number' && Number.isFinite(source.tableId)) metadata.tableId = source.tableId;
  if (typeof source.schema === 'string') metadata.schema = source.schema;
  if (isScrollTop(source.scrollTop)) metadata.scrollTop = source.scrollTop;
  if (typeof source.sort === 'string' && source.sort !== '') metadata.sort = source.sort;
  if (typeof source.filter === 'string' && source.filter !== '') metadata.filter = source.filter;
  return metadata;
}

const isScrollTop = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

export const labelOrDefault = (label: unknown): string =>
  typeof label === 'string' && label.trim() !== '' ? label : DEFAULT_TAB_LABEL;

export function makeTab(item: TabItem, isPreview: boolean): EditorTab {
  return {
    id: tabId(item.type, item.itemId),
    type: item.type,
    label: labelOrDefault(item.label),
    isPreview,
    metadata: cleanMetadata(item.metadata),
  };
}

/** Whether a tab with this id is open (own keys only: an id like 'constructor' is never a tab). */
export const isTabOpen = (state: TabsState, id: string): boolean => Object.hasOwn(state.tabsMap, id);

export const tabsOfKind = (state: TabsState, kind: TabKind): EditorTab[] =>
  state.openTabs.map((id) => state.tabsMap[id]!).filter((tab) => tabKind(tab.type) === kind);

function activate(state: TabsState, id: string): TabsState {
  return state.activeTab === id || !isTabOpen(state, id) ? state : { ...state, activeTab: id };
}

/** Makes the preview tab permanent: on explicit request, or when it is dragged. spec B2.2 */
export function makePermanent(state: TabsState, id: string): TabsState {
  if (state.previewTabId !== id) return state;
  const tab = state.tabsMap[id]!;
  return { ...state, previewTabId: null, tabsMap: { ...state.tabsMap, [id]: { ...tab, isPreview: false } } };
}

/**
 * Opens an item as the preview tab: it replaces the existing preview tab in place, so there is at most one.
 * An item already open is only activated (a permanent tab never turns back into a preview). spec B2.2
 */
export function openPreview(state: TabsState, item: TabItem): TabsState {
  const tab = makeTab(item, true);
  if (isTabOpen(state, tab.id)) return activate(takeLabel(state, item), tab.id);
  const tabsMap = { ...state.tabsMap, [tab.id]: tab };
  let openTabs: string[];
  if (state.previewTabId === null) {
    openTabs = [...state.openTabs, tab.id];
  } else {
    delete tabsMap[state.previewTabId];
    openTabs = state.openTabs.map((id) => (id === state.previewTabId ? tab.id : id));
  }
  return { openTabs, tabsMap, activeTab: tab.id, previewTabId: tab.id };
}

/** Opens an item as a permanent tab, appended at the end; the preview of that item becomes permanent. spec B2.2 */
export function openPermanent(state: TabsState, item: TabItem): TabsState {
  const tab = makeTab(item, false);
  if (isTabOpen(state, tab.id)) return activate(takeLabel(makePermanent(state, tab.id), item), tab.id);
  return {
    ...state,
    openTabs: [...state.openTabs, tab.id],
    tabsMap: { ...state.tabsMap, [tab.id]: tab },
    activeTab: tab.id,
  };
}

/**
 * A renamed item's tab shows its new name (issue 14 item 6: a renamed snippet kept 'Untitled query'); an item
 * opened again brings its current name too. The same state when nothing changes.
 */
export function relabelTab(state: TabsState, id: string, label: string): TabsState {
  if (!isTabOpen(state, id)) return state;
  const tab = state.tabsMap[id]!;
  const next = labelOrDefault(label);
  return tab.label === next ? state : { ...state, tabsMap: { ...state.tabsMap, [id]: { ...tab, label: next } } };
}

/** An open item opened again with a name: its tab takes the name (one opened without a name keeps its own). */
const takeLabel = (state: TabsState, item: TabItem): TabsState =>
  typeof item.label === 'string' && item.label.trim() !== '' ? relabelTab(state, makeTab(item, false).id, item.label) : state;

export function activateTab(state: TabsState, id: string): TabsState {
  return activate(state, id);
}

/**
 * Removes tabs. When the active tab goes, the next remaining tab after it is activated, or the one before it when
 * it was last; with no tab left, activeTab is null (the editor home). spec B2.2
 */
function removeTabs(state: TabsState, remove: (tab: EditorTab) => boolean): TabsState {
  const removed = new Set(state.openTabs.filter((id) => remove(state.tabsMap[id]!)));
  if (removed.size === 0) return state;
  const openTabs = state.openTabs.filter((id) => !removed.has(id));
  const tabsMap: Record<string, EditorTab> = {};
  for (const id of openTabs) tabsMap[id] = state.tabsMap[id]!;
  let activeTab = state.activeTab;
  if (activeTab !== null && removed.has(activeTab)) {
    const position = state.openTabs.indexOf(activeTab);
    const after = state.openTabs.slice(position + 1).find((id) => !removed.has(id));
    const before = state.openTabs.slice(0, position).findLast((id) => !removed.has(id));
    activeTab = after ?? before ?? null;
  }
  const previewTabId = state.previewTabId !== null && removed.has(state.previewTabId) ? null : state.previewTabId;
  return { openTabs, tabsMap, activeTab, previewTabId };
}

export function closeTab(state: TabsState, id: string): TabsState {
  return removeTabs(state, (tab) => tab.id === id);
}

/** 'Close all' closes all table tabs, or all SQL tabs. spec B2.2 */
export function closeAllOfKind(state: TabsState, kind: TabKind): TabsState {
  return removeTabs(state, (tab) => tabKind(tab.type) === kind);
}

/** Drags a tab to a new position (clamped); dragging makes a preview tab permanent. spec B2.2 */
export function reorderTab(state: TabsState, id: string, toIndex: number): TabsState {
  const from = state.openTabs.indexOf(id);
  if (from < 0 || !Number.isInteger(toIndex)) return state;
  const to = Math.min(Math.max(toIndex, 0), state.openTabs.length - 1);
  const dragged = makePermanent(state, id);
  if (from === to) return dragged;
  const openTabs = state.openTabs.filter((other) => other !== id);
  openTabs.splice(to, 0, id);
  return { ...dragged, openTabs };
}

/** Remembers a tab's scroll position. spec B2.2 */
export function setTabScroll(state: TabsState, id: string, scrollTop: number): TabsState {
  const tab = isTabOpen(state, id) ? state.tabsMap[id] : undefined;
  if (!tab || !isScrollTop(scrollTop) || tab.metadata.scrollTop === scrollTop) return state;
  return { ...state, tabsMap: { ...state.tabsMap, [id]: { ...tab, metadata: { ...tab.metadata, scrollTop } } } };
}

const queryValue = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

/**
 * Remembers a table tab's sort and filter (the URL's). Another sort or filter is another view: the scroll position
 * taken in the old one is forgotten, so the new view starts at the top (issue 25). spec B2.2, issue 14 item 6
 */
export function setTabQuery(state: TabsState, id: string, query: TabQuery): TabsState {
  const tab = isTabOpen(state, id) ? state.tabsMap[id] : undefined;
  if (!tab) return state;
  const sort = queryValue(query.sort);
  const filter = queryValue(query.filter);
  if (tab.metadata.sort === sort && tab.metadata.filter === filter) return state;
  const { scrollTop: _forgotten, sort: _sort, filter: _filter, ...rest } = tab.metadata;
  const metadata: TabMetadata = { ...rest, ...(sort === undefined ? {} : { sort }), ...(filter === undefined ? {} : { filter }) };
  return { ...state, tabsMap: { ...state.tabsMap, [id]: { ...tab, metadata } } };
}

/** The search a table tab is shown with: its schema and the sort and filter it remembers. */
export function tabSearch(tab: EditorTab): { schema?: string; sort?: string; filter?: string } {
  const { schema, sort, filter } = tab.metadata;
  return { ...(schema ? { schema } : {}), ...(sort ? { sort } : {}), ...(filter ? { filter } : {}) };
}

/** The scroll position to restore when a tab is shown with this sort and filter: its own only in the same view. */
export function restoredScrollTop(tab: EditorTab | undefined, query: TabQuery): number {
  if (!tab) return 0;
  const same = tab.metadata.sort === queryValue(query.sort) && tab.metadata.filter === queryValue(query.filter);
  return same ? (tab.metadata.scrollTop ?? 0) : 0;
}

// ─── local storage ──────────────────────────────────────────────────────────────────────────────────────────────

export const serializeTabsState = (state: TabsState): string =>
  JSON.stringify({ openTabs: state.openTabs, activeTab: state.activeTab, tabsMap: state.tabsMap, previewTabId: state.previewTabId });

function parseTab(id: string, raw: unknown): EditorTab | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const parsed = parseTabId(id);
  const source = raw as Record<string, unknown>;
  // The id's prefix is the truth: a tab whose stored type disagrees was written by something else.
  if (!parsed || source.type !== parsed.type) return null;
  return { id, type: parsed.type, label: labelOrDefault(source.label), isPreview: false, metadata: cleanMetadata(source.metadata) };
}

/**
 * Reads stored tabs state. Anything unreadable gives the empty state; a partly damaged state is repaired so the
 * invariants hold: no duplicate or unknown tabs, at most one preview, the active tab open (or null when none is).
 */
export function parseTabsState(raw: string | null | undefined): TabsState {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    return EMPTY_TABS_STATE;
  }
  if (typeof data !== 'object' || data === null) return EMPTY_TABS_STATE;
  const source = data as Record<string, unknown>;
  const rawMap = typeof source.tabsMap === 'object' && source.tabsMap !== null ? (source.tabsMap as Record<string, unknown>) : {};
  const openTabs: string[] = [];
  const tabsMap: Record<string, EditorTab> = {};
  for (const id of Array.isArray(source.openTabs) ? source.openTabs : []) {
    if (typeof id !== 'string' || Object.hasOwn(tabsMap, id) || !Object.hasOwn(rawMap, id)) continue;
    const tab = parseTab(id, rawMap[id]);
    if (!tab) continue;
    openTabs.push(id);
    tabsMap[id] = tab;
  }
  const previewTabId = typeof source.previewTabId === 'string' && Object.hasOwn(tabsMap, source.previewTabId) ? source.previewTabId : null;
  if (previewTabId !== null) tabsMap[previewTabId] = { ...tabsMap[previewTabId]!, isPreview: true };
  const activeTab =
    typeof source.activeTab === 'string' && Object.hasOwn(tabsMap, source.activeTab) ? source.activeTab : (openTabs[0] ?? null);
  return { openTabs, activeTab, tabsMap, previewTabId };
}
