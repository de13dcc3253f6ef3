// Editor tabs and recent items (spec B2.2, B3): examples and properties of the pure operations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeAllOfKind,
  closeTab,
  DEFAULT_TAB_LABEL,
  EMPTY_TABS_STATE,
  makePermanent,
  openPermanent,
  openPreview,
  parseTabId,
  parseTabsState,
  relabelTab,
  reorderTab,
  serializeTabsState,
  setTabScroll,
  setTabQuery,
  restoredScrollTop,
  tabSearch,
  activateTab,
  tabKind,
  TABLE_TAB_TYPES,
  type TabItem,
  type TabKind,
  type TabsState,
  type TabType,
} from './editor-tabs.ts';
import { addRecentItem, parseRecentItems, RECENT_TABLE_ITEMS_CAP, removeRecentItem, serializeRecentItems, type RecentItem } from './recent-items.ts';

const table = (id: number, label = `table ${id}`): TabItem => ({ type: 'r', itemId: id, label, metadata: { tableId: id, schema: 'public' } });
const sql = (id: string, label = `query ${id}`): TabItem => ({ type: 'sql', itemId: id, label, metadata: { sqlId: id } });
const apply = (state: TabsState, ...steps: Array<(s: TabsState) => TabsState>) => steps.reduce((s, step) => step(s), state);

/** The invariants of issue 6: one preview at most, active tab open, no duplicates, openTabs ≡ tabsMap keys. */
function expectTabsInvariants(state: TabsState): void {
  expect(new Set(state.openTabs).size).toBe(state.openTabs.length);
  expect([...state.openTabs].sort()).toEqual(Object.keys(state.tabsMap).sort());
  const previews = state.openTabs.filter((id) => state.tabsMap[id]!.isPreview);
  expect(previews).toEqual(state.previewTabId === null ? [] : [state.previewTabId]);
  if (state.activeTab === null) expect(state.openTabs).toEqual([]);
  else expect(state.openTabs).toContain(state.activeTab);
  for (const id of state.openTabs) {
    const tab = state.tabsMap[id]!;
    expect(tab.id).toBe(id);
    expect(parseTabId(id)?.type).toBe(tab.type);
  }
}

describe('editor tabs: examples', () => {
  it('prefixes tab ids with the type', () => {
    expect(openPermanent(EMPTY_TABS_STATE, table(16384)).openTabs).toEqual(['r-16384']);
    for (const type of TABLE_TAB_TYPES) expect(openPermanent(EMPTY_TABS_STATE, { type, itemId: 7 }).activeTab).toBe(`${type}-7`);
    expect(openPermanent(EMPTY_TABS_STATE, sql('5c1d-aa')).activeTab).toBe('sql-5c1d-aa');
    expect(parseTabId('sql-5c1d-aa')).toEqual({ type: 'sql', itemId: '5c1d-aa' });
    expect(parseTabId('x-1')).toBeNull();
    expect(parseTabId('r-')).toBeNull();
  });

  it('keeps one preview tab, replaced in place by the next preview', () => {
    const state = apply(EMPTY_TABS_STATE, (s) => openPermanent(s, table(1)), (s) => openPreview(s, table(2)), (s) => openPermanent(s, sql('a')));
    expect(state.openTabs).toEqual(['r-1', 'r-2', 'sql-a']);
    const next = openPreview(state, table(3));
    expect(next.openTabs).toEqual(['r-1', 'r-3', 'sql-a']);
    expect(next.previewTabId).toBe('r-3');
    expect(next.activeTab).toBe('r-3');
    expect(next.tabsMap['r-2']).toBeUndefined();
    expectTabsInvariants(next);
  });

  it('activates an item already open instead of duplicating it; a permanent tab stays permanent', () => {
    const state = apply(EMPTY_TABS_STATE, (s) => openPermanent(s, table(1)), (s) => openPermanent(s, table(2)));
    const again = openPreview(state, table(1));
    expect(again.openTabs).toEqual(['r-1', 'r-2']);
    expect(again.activeTab).toBe('r-1');
    expect(again.previewTabId).toBeNull();
    expect(openPermanent(again, table(1))).toBe(again);
  });

  it('makes the preview permanent on request, when opened permanently, or when dragged', () => {
    const preview = openPreview(openPermanent(EMPTY_TABS_STATE, table(1)), table(2));
    for (const permanent of [makePermanent(preview, 'r-2'), openPermanent(preview, table(2)), reorderTab(preview, 'r-2', 0)]) {
      expect(permanent.previewTabId).toBeNull();
      expect(permanent.tabsMap['r-2']!.isPreview).toBe(false);
      expectTabsInvariants(permanent);
    }
    expect(reorderTab(preview, 'r-2', 0).openTabs).toEqual(['r-2', 'r-1']);
    expect(makePermanent(preview, 'r-1')).toBe(preview);
    // The next preview is appended, not put in the place of the tab made permanent.
    expect(openPreview(makePermanent(preview, 'r-2'), table(3)).openTabs).toEqual(['r-1', 'r-2', 'r-3']);
  });

  it('closing the active tab activates the next, or the previous when it was last; none left → editor home', () => {
    const state = apply(EMPTY_TABS_STATE, (s) => openPermanent(s, table(1)), (s) => openPermanent(s, table(2)), (s) => openPermanent(s, sql('a')));
    expect(closeTab(activateTab(state, 'r-2'), 'r-2').activeTab).toBe('sql-a');
    expect(closeTab(state, 'sql-a').activeTab).toBe('r-2');
    expect(closeTab(state, 'r-1').activeTab).toBe('sql-a'); // not the active one: it stays
    const empty = apply(state, (s) => closeTab(s, 'r-1'), (s) => closeTab(s, 'sql-a'), (s) => closeTab(s, 'r-2'));
    expect(empty).toEqual(EMPTY_TABS_STATE);
    expect(closeTab(state, 'r-9')).toBe(state);
  });

  it("'Close all' closes the tabs of one kind", () => {
    const state = apply(
      EMPTY_TABS_STATE,
      (s) => openPermanent(s, table(1)),
      (s) => openPermanent(s, sql('a')),
      (s) => openPreview(s, { type: 'v', itemId: 2 }),
      (s) => openPermanent(s, sql('b')),
      (s) => activateTab(s, 'v-2'),
    );
    const noTables = closeAllOfKind(state, 'table');
    expect(noTables.openTabs).toEqual(['sql-a', 'sql-b']);
    expect(noTables.activeTab).toBe('sql-b');
    expect(noTables.previewTabId).toBeNull();
    const noSql = closeAllOfKind(state, 'sql');
    expect(noSql.openTabs).toEqual(['r-1', 'v-2']);
    expect(noSql.activeTab).toBe('v-2');
    expect(closeAllOfKind(noSql, 'sql')).toBe(noSql);
    expect(closeAllOfKind(noSql, 'table')).toEqual(EMPTY_TABS_STATE);
  });

  it('remembers a scroll position per tab', () => {
    const state = openPermanent(openPermanent(EMPTY_TABS_STATE, table(1)), table(2));
    const scrolled = setTabScroll(state, 'r-1', 640);
    expect(scrolled.tabsMap['r-1']!.metadata).toEqual({ tableId: 1, schema: 'public', scrollTop: 640 });
    expect(scrolled.tabsMap['r-2']!.metadata.scrollTop).toBeUndefined();
    expect(setTabScroll(scrolled, 'r-1', 640)).toBe(scrolled);
    expect(setTabScroll(scrolled, 'r-1', Number.NaN)).toBe(scrolled);
    expect(setTabScroll(scrolled, 'r-9', 10)).toBe(scrolled);
  });

  it('remembers a table tab\'s sort and filter (the URL\'s), and a new sort or filter forgets the scroll position (issue 14 item 6, issue 25)', () => {
    const state = setTabScroll(openPermanent(openPermanent(EMPTY_TABS_STATE, table(1)), table(2)), 'r-1', 640);
    const sorted = setTabQuery(state, 'r-1', { sort: 'score:desc', filter: 'id:lte:40' });
    expect(sorted.tabsMap['r-1']!.metadata).toEqual({ tableId: 1, schema: 'public', sort: 'score:desc', filter: 'id:lte:40' });
    expect(setTabQuery(sorted, 'r-1', { sort: 'score:desc', filter: 'id:lte:40' })).toBe(sorted);
    expect(setTabQuery(sorted, 'r-9', { sort: 'a:asc' })).toBe(sorted);
    // Scrolled in the new view, then the same view again: the position stays.
    const scrolled = setTabScroll(sorted, 'r-1', 320);
    expect(setTabQuery(scrolled, 'r-1', { sort: 'score:desc', filter: 'id:lte:40' })).toBe(scrolled);
    const cleared = setTabQuery(scrolled, 'r-1', {});
    expect(cleared.tabsMap['r-1']!.metadata).toEqual({ tableId: 1, schema: 'public' });
    // Reopening the tab navigates with what it remembers.
    expect(tabSearch(sorted.tabsMap['r-1']!)).toEqual({ schema: 'public', sort: 'score:desc', filter: 'id:lte:40' });
    expect(tabSearch(sorted.tabsMap['r-2']!)).toEqual({ schema: 'public' });
    // The scroll position comes back only for the view it was taken in.
    expect(restoredScrollTop(scrolled.tabsMap['r-1'], { sort: 'score:desc', filter: 'id:lte:40' })).toBe(320);
    expect(restoredScrollTop(scrolled.tabsMap['r-1'], { sort: 'score:asc', filter: 'id:lte:40' })).toBe(0);
    expect(restoredScrollTop(scrolled.tabsMap['r-1'], {})).toBe(0);
    expect(restoredScrollTop(state.tabsMap['r-1'], {})).toBe(640);
    expect(restoredScrollTop(undefined, {})).toBe(0);
    // Stored and read back (a reload).
    expect(parseTabsState(serializeTabsState(scrolled)).tabsMap['r-1']!.metadata).toEqual(scrolled.tabsMap['r-1']!.metadata);
  });

  it("labels an unnamed tab 'Untitled' and ignores ids that are not tabs", () => {
    const state = openPermanent(EMPTY_TABS_STATE, { type: 'sql', itemId: 'x', label: '  ' });
    expect(state.tabsMap['sql-x']!.label).toBe(DEFAULT_TAB_LABEL);
    expect(activateTab(state, 'constructor')).toBe(state);
    expect(closeTab(state, 'toString')).toBe(state);
    expect(reorderTab(state, 'sql-x', 1.5)).toBe(state);
  });

  it('a renamed item\'s tab follows its name, from a rename or when the item opens again (issue 14 item 6)', () => {
    const state = apply(EMPTY_TABS_STATE, (s) => openPermanent(s, sql('a', 'Untitled query')), (s) => openPermanent(s, sql('b')));
    const renamed = relabelTab(state, 'sql-a', 'Monthly revenue');
    expect(renamed.tabsMap['sql-a']!.label).toBe('Monthly revenue');
    // Only the label: the active tab, the order and the preview stay.
    expect({ ...renamed, tabsMap: {} }).toEqual({ ...state, tabsMap: {} });
    expect(relabelTab(renamed, 'sql-a', 'Monthly revenue')).toBe(renamed);
    expect(relabelTab(state, 'sql-zz', 'x')).toBe(state);
    expect(relabelTab(state, 'sql-a', '  ').tabsMap['sql-a']!.label).toBe(DEFAULT_TAB_LABEL);
    // Opened again (a reload reads the snippet's name): the open tab takes it.
    expect(openPermanent(state, sql('a', 'Monthly revenue')).tabsMap['sql-a']!.label).toBe('Monthly revenue');
    expect(openPreview(state, sql('a', 'Monthly revenue')).tabsMap['sql-a']!.label).toBe('Monthly revenue');
    expect(openPermanent(state, { type: 'sql', itemId: 'a' }).tabsMap['sql-a']!.label).toBe('Untitled query');
  });

  it('parses garbage as the empty state and repairs a damaged one', () => {
    for (const raw of [null, '', '{', 'null', '42', '"tabs"', '[]', '{"openTabs":7}']) expect(parseTabsState(raw)).toEqual(EMPTY_TABS_STATE);
    const damaged = JSON.stringify({
      openTabs: ['r-1', 'r-1', 'zz-1', 'sql-a', 'v-2', 'constructor', 3],
      tabsMap: {
        'r-1': { type: 'r', label: 'orders', isPreview: true, metadata: { scrollTop: -4, tableId: '1' } },
        'sql-a': { type: 'r', label: 'mislabelled' },
        'v-2': { type: 'v', label: 5, metadata: { schema: 'api' } },
        'zz-1': { type: 'zz' },
      },
      activeTab: 'sql-a',
      previewTabId: 'v-2',
    });
    expect(parseTabsState(damaged)).toEqual({
      openTabs: ['r-1', 'v-2'],
      tabsMap: {
        'r-1': { id: 'r-1', type: 'r', label: 'orders', isPreview: false, metadata: {} },
        'v-2': { id: 'v-2', type: 'v', label: 'Untitled', isPreview: true, metadata: { schema: 'api' } },
      },
      activeTab: 'r-1',
      previewTabId: 'v-2',
    });
  });
});

describe('recent items: examples', () => {
  it('puts new items first, moves a re-added item to the front with its new timestamp', () => {
    let items: RecentItem[] = [];
    items = addRecentItem(items, { id: 'r-1', type: 'r', label: 'orders' }, 1);
    items = addRecentItem(items, { id: 'sql-a', type: 'sql' }, 2);
    expect(items.map((item) => item.id)).toEqual(['sql-a', 'r-1']);
    expect(items[0]!.label).toBe('Untitled');
    items = addRecentItem(items, { id: 'r-1', type: 'r', label: 'orders' }, 3);
    expect(items.map((item) => [item.id, item.timestamp])).toEqual([['r-1', 3], ['sql-a', 2]]);
    expect(removeRecentItem(items, 'r-1').map((item) => item.id)).toEqual(['sql-a']);
    expect(removeRecentItem(items, 'r-9')).toBe(items);
  });

  it('caps table items at 8, dropping the oldest; SQL items are not capped', () => {
    let items: RecentItem[] = [];
    for (let i = 0; i < 12; i += 1) items = addRecentItem(items, { id: `r-${i}`, type: 'r' }, i);
    for (let i = 0; i < 20; i += 1) items = addRecentItem(items, { id: `sql-${i}`, type: 'sql' }, 100 + i);
    expect(items.filter((item) => item.type === 'r').map((item) => item.id)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4].map((i) => `r-${i}`),
    );
    expect(items.filter((item) => item.type === 'sql')).toHaveLength(20);
    expect(RECENT_TABLE_ITEMS_CAP).toBe(8);
  });

  it('parses garbage as no items and skips bad entries', () => {
    for (const raw of [null, '', '[', '{}', '"x"']) expect(parseRecentItems(raw)).toEqual([]);
    const raw = JSON.stringify([{ id: 'r-1', type: 'r', timestamp: 5 }, { id: 'r-1', type: 'r', timestamp: 4 }, { id: 'x', type: 'q', timestamp: 1 }, 7, { id: 'sql-a', type: 'sql' }]);
    expect(parseRecentItems(raw)).toEqual([{ id: 'r-1', type: 'r', label: 'Untitled', timestamp: 5, metadata: {} }]);
  });
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

const typeArb = fc.constantFrom<TabType>(...TABLE_TAB_TYPES, 'sql');
const itemArb: fc.Arbitrary<TabItem> = fc.record({
  type: typeArb,
  itemId: fc.integer({ min: 1, max: 6 }),
  label: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
});
const idArb = fc.oneof(
  itemArb.map((item) => `${item.type}-${item.itemId}`),
  fc.constantFrom('constructor', '__proto__', 'r-', ''),
);
type TabOp =
  | { op: 'preview' | 'permanent'; item: TabItem }
  | { op: 'close' | 'activate' | 'makePermanent'; id: string }
  | { op: 'closeAll'; kind: TabKind }
  | { op: 'reorder'; id: string; to: number }
  | { op: 'scroll'; id: string; top: number };
const opArb: fc.Arbitrary<TabOp> = fc.oneof(
  fc.record({ op: fc.constantFrom('preview' as const, 'permanent' as const), item: itemArb }),
  fc.record({ op: fc.constantFrom('close' as const, 'activate' as const, 'makePermanent' as const), id: idArb }),
  fc.record({ op: fc.constant('closeAll' as const), kind: fc.constantFrom<TabKind>('table', 'sql') }),
  fc.record({ op: fc.constant('reorder' as const), id: idArb, to: fc.integer({ min: -2, max: 12 }) }),
  fc.record({ op: fc.constant('scroll' as const), id: idArb, top: fc.oneof(fc.nat(5000), fc.constant(-1)) }),
);

function step(state: TabsState, op: TabOp): TabsState {
  switch (op.op) {
    case 'preview': return openPreview(state, op.item);
    case 'permanent': return openPermanent(state, op.item);
    case 'close': return closeTab(state, op.id);
    case 'activate': return activateTab(state, op.id);
    case 'makePermanent': return makePermanent(state, op.id);
    case 'closeAll': return closeAllOfKind(state, op.kind);
    case 'reorder': return reorderTab(state, op.id, op.to);
    case 'scroll': return setTabScroll(state, op.id, op.top);
  }
}

describe('editor tabs: properties', () => {
  it('keep the invariants and round-trip through storage after any sequence of operations', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        let state = EMPTY_TABS_STATE;
        for (const op of ops) {
          const before = state;
          state = step(state, op);
          expectTabsInvariants(state);
          expect(parseTabsState(serializeTabsState(state))).toEqual(state);
          if (op.op === 'preview' || op.op === 'permanent') expect(state.activeTab).toBe(`${op.item.type}-${op.item.itemId}`);
          if (op.op === 'permanent') expect(state.tabsMap[state.activeTab!]!.isPreview).toBe(false);
          if (op.op === 'closeAll') expect(state.openTabs.every((id) => tabKind(state.tabsMap[id]!.type) !== op.kind)).toBe(true);
          // Closing keeps the order of the others; opening something new adds exactly one tab or replaces the preview.
          if (op.op === 'close') expect(state.openTabs).toEqual(before.openTabs.filter((id) => id !== op.id));
          if (op.op === 'reorder') expect([...state.openTabs].sort()).toEqual([...before.openTabs].sort());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('parse never throws and always gives a state that keeps the invariants', () => {
    const tabLike = fc.record({ type: fc.oneof(typeArb, fc.string()), label: fc.anything(), isPreview: fc.anything(), metadata: fc.anything() }, { requiredKeys: [] });
    const stored = fc.record({
      openTabs: fc.oneof(fc.array(fc.oneof(idArb, fc.anything())), fc.anything()),
      tabsMap: fc.oneof(fc.dictionary(idArb, fc.oneof(tabLike, fc.anything())), fc.anything()),
      activeTab: fc.oneof(idArb, fc.anything()),
      previewTabId: fc.oneof(idArb, fc.anything()),
    }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(stored.map((value) => JSON.stringify(value) ?? ''), fc.string()), (raw) => {
        const state = parseTabsState(raw);
        expectTabsInvariants(state);
        expect(parseTabsState(serializeTabsState(state))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it('recent items: newest first, unique, table items capped, SQL items all kept, round-trip through storage', () => {
    const addArb = fc.record({ id: idArb.filter((id) => parseTabId(id) !== null), label: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(fc.oneof(addArb, fc.record({ remove: idArb })), { maxLength: 40 }), (ops) => {
        let items: RecentItem[] = [];
        let now = 0;
        const sqlAdded = new Set<string>();
        for (const op of ops) {
          if ('remove' in op) {
            items = removeRecentItem(items, op.remove);
            sqlAdded.delete(op.remove);
            continue;
          }
          now += 1;
          const type = parseTabId(op.id)!.type;
          items = addRecentItem(items, { id: op.id, type, label: op.label }, now);
          if (type === 'sql') sqlAdded.add(op.id);
          expect(items[0]).toMatchObject({ id: op.id, timestamp: now });
          expect(items[0]!.label).not.toBe('');
        }
        expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
        expect(items.map((item) => item.timestamp)).toEqual([...items.map((item) => item.timestamp)].sort((a, b) => b - a));
        expect(items.filter((item) => item.type !== 'sql').length).toBeLessThanOrEqual(RECENT_TABLE_ITEMS_CAP);
        expect(new Set(items.filter((item) => item.type === 'sql').map((item) => item.id))).toEqual(sqlAdded);
        expect(parseRecentItems(serializeRecentItems(items))).toEqual(items);
      }),
      { numRuns: 200 },
    );
  });
});
