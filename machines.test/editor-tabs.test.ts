// Editor tabs machine (spec B2.2, B3): examples, generated paths with coverage, properties over random operations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { editorTabsMachine, type EditorTabsEvent, type EditorTabsInput } from '../machines/editor-tabs.machine.ts';
import {
  selectActiveTab,
  selectIsEditorHome,
  selectOpenTabs,
  selectPreviewTabId,
  selectRecentItems,
  selectSaving,
  selectScrollTop,
  selectTabsOfKind,
} from '../machines/editor-tabs.selectors.ts';
import { createEditorTabsActor, editorTabsStorageKey, recentItemsStorageKey } from '../src/actors/editor-tabs.ts';
import { parseTabsState, serializeTabsState, TABLE_TAB_TYPES, type TabItem, type TabKind, type TabsState, type TabType } from '../src/domain/editor-tabs.ts';
import { parseRecentItems, RECENT_TABLE_ITEMS_CAP, serializeRecentItems } from '../src/domain/recent-items.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

type Snap = SnapshotFrom<typeof editorTabsMachine>;

const orders: TabItem = { type: 'r', itemId: 1, label: 'orders', metadata: { tableId: 1, schema: 'public' } };
const customers: TabItem = { type: 'r', itemId: 2, label: 'customers' };
const query: TabItem = { type: 'sql', itemId: 'a', label: 'Monthly revenue', metadata: { sqlId: 'a' } };

function start(input: EditorTabsInput = { projectRef: 'storefront' }) {
  const fakes = controlledActors({ persist: 'promise' });
  const actor = createActor(editorTabsMachine.provide({ actors: fakes.logic }), { input }).start();
  return { actor, fakes };
}

/** The invariants of issue 6 on the machine's tabs state. */
function checkTabs(tabs: TabsState): void {
  expect(new Set(tabs.openTabs).size).toBe(tabs.openTabs.length);
  expect([...tabs.openTabs].sort()).toEqual(Object.keys(tabs.tabsMap).sort());
  expect(tabs.openTabs.filter((id) => tabs.tabsMap[id]!.isPreview)).toEqual(tabs.previewTabId === null ? [] : [tabs.previewTabId]);
  if (tabs.activeTab === null) expect(tabs.openTabs).toEqual([]);
  else expect(tabs.openTabs).toContain(tabs.activeTab);
}

describe('editor-tabs machine: examples', () => {
  it('starts at the editor home, opens a preview then keeps it, and saves each change', async () => {
    const { actor, fakes } = start();
    expect(selectIsEditorHome(actor.getSnapshot())).toBe(true);
    expect(selectSaving(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'tab.openPreview', item: orders });
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('r-1');
    expect(selectPreviewTabId(actor.getSnapshot())).toBe('r-1');
    expect(selectSaving(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('persist').at(-1)?.input).toMatchObject({ projectRef: 'storefront', tabs: { openTabs: ['r-1'] } });
    actor.send({ type: 'tab.openPreview', item: customers }); // replaces the preview, restarts the write
    expect(selectOpenTabs(actor.getSnapshot()).map((tab) => tab.id)).toEqual(['r-2']);
    expect(fakes.starts('persist')).toHaveLength(2);
    await fakes.resolve('persist');
    expect(selectSaving(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'tab.makePermanent', id: 'r-2' });
    expect(selectPreviewTabId(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'tab.makePermanent', id: 'r-2' }); // nothing to do: nothing saved
    expect(fakes.starts('persist')).toHaveLength(3);
  });

  it('closes to the next tab, then the previous, then the editor home', () => {
    const { actor } = start();
    for (const item of [orders, customers, query]) actor.send({ type: 'tab.openPermanent', item });
    actor.send({ type: 'tab.activate', id: 'r-2' });
    actor.send({ type: 'tab.close', id: 'r-2' });
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('sql-a');
    actor.send({ type: 'tab.close', id: 'sql-a' });
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('r-1');
    actor.send({ type: 'tab.close', id: 'r-1' });
    expect(selectActiveTab(actor.getSnapshot())).toBeNull();
    expect(selectIsEditorHome(actor.getSnapshot())).toBe(true);
  });

  it("'Close all' per kind, drag to reorder, scroll position per tab", () => {
    const { actor } = start();
    actor.send({ type: 'tab.openPermanent', item: query });
    actor.send({ type: 'tab.openPermanent', item: orders });
    actor.send({ type: 'tab.openPreview', item: customers });
    actor.send({ type: 'tab.reorder', id: 'r-2', toIndex: 0 });
    expect(selectOpenTabs(actor.getSnapshot()).map((tab) => tab.id)).toEqual(['r-2', 'sql-a', 'r-1']);
    expect(selectPreviewTabId(actor.getSnapshot())).toBeNull(); // dragged: permanent
    actor.send({ type: 'tab.scroll', id: 'r-1', scrollTop: 480 });
    expect(selectScrollTop(actor.getSnapshot(), 'r-1')).toBe(480);
    expect(selectScrollTop(actor.getSnapshot(), 'r-2')).toBe(0);
    expect(selectTabsOfKind(actor.getSnapshot(), 'table').map((tab) => tab.id)).toEqual(['r-2', 'r-1']);
    actor.send({ type: 'tab.closeAll', kind: 'table' });
    expect(selectOpenTabs(actor.getSnapshot()).map((tab) => tab.id)).toEqual(['sql-a']);
    expect(selectActiveTab(actor.getSnapshot())?.id).toBe('sql-a');
    actor.send({ type: 'tab.closeAll', kind: 'sql' });
    expect(selectIsEditorHome(actor.getSnapshot())).toBe(true);
  });

  it('a table tab remembers its sort and filter and saves them; a new one forgets the scroll position (issue 14 item 6)', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'tab.openPermanent', item: orders });
    actor.send({ type: 'tab.scroll', id: 'r-1', scrollTop: 480 });
    while (fakes.isRunning('persist')) await fakes.resolve('persist');
    actor.send({ type: 'tab.query', id: 'r-1', sort: 'total:desc' });
    expect(selectActiveTab(actor.getSnapshot())?.metadata).toMatchObject({ sort: 'total:desc' });
    expect(selectScrollTop(actor.getSnapshot(), 'r-1')).toBe(0);
    expect(fakes.isRunning('persist')).toBe(true);
    await fakes.resolve('persist');
    actor.send({ type: 'tab.query', id: 'r-1', sort: 'total:desc' });
    expect(fakes.isRunning('persist')).toBe(false);
  });

  it('a renamed snippet\'s tab shows the new name and is saved, without moving the active tab (issue 14 item 6)', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'tab.openPermanent', item: query });
    actor.send({ type: 'tab.openPermanent', item: orders });
    while (fakes.isRunning('persist')) await fakes.resolve('persist');
    expect(actor.getSnapshot().matches({ persistence: 'idle' })).toBe(true);
    actor.send({ type: 'tab.relabel', id: 'sql-a', label: 'Revenue by month' });
    const snapshot = actor.getSnapshot();
    expect(selectOpenTabs(snapshot).find((tab) => tab.id === 'sql-a')?.label).toBe('Revenue by month');
    expect(selectActiveTab(snapshot)?.id).toBe('r-1');
    expect(snapshot.matches({ persistence: 'saving' })).toBe(true);
    expect(fakes.starts('persist').at(-1)?.input.tabs.tabsMap['sql-a']?.label).toBe('Revenue by month');
  });

  it('keeps recent items newest first, table items capped, at home or with a tab open', () => {
    const { actor } = start();
    for (let i = 0; i < 10; i += 1) actor.send({ type: 'recent.add', item: { id: `r-${i}`, type: 'r', label: `t${i}` }, timestamp: i });
    actor.send({ type: 'recent.add', item: { id: 'sql-a', type: 'sql' }, timestamp: 20 });
    actor.send({ type: 'tab.openPermanent', item: orders });
    actor.send({ type: 'recent.add', item: { id: 'r-5', type: 'r', label: 't5' }, timestamp: 30 });
    const items = selectRecentItems(actor.getSnapshot());
    expect(items.map((item) => item.id)).toEqual(['r-5', 'sql-a', 'r-9', 'r-8', 'r-7', 'r-6', 'r-4', 'r-3', 'r-2']);
    expect(items[1]!.label).toBe('Untitled');
    expect(selectRecentItems(actor.getSnapshot(), 'table')).toHaveLength(RECENT_TABLE_ITEMS_CAP);
    actor.send({ type: 'recent.remove', id: 'sql-a' });
    expect(selectRecentItems(actor.getSnapshot(), 'sql')).toEqual([]);
    expect(selectIsEditorHome(actor.getSnapshot())).toBe(false);
  });

  it('restores the saved state; a write refused by storage keeps the state in memory', async () => {
    const saved = { tabs: parseTabsState(serializeTabsState({ openTabs: ['r-1'], activeTab: 'r-1', tabsMap: { 'r-1': { id: 'r-1', type: 'r', label: 'orders', isPreview: false, metadata: {} } }, previewTabId: null })) };
    const { actor, fakes } = start({ projectRef: 'storefront', ...saved });
    expect(selectIsEditorHome(actor.getSnapshot())).toBe(false);
    expect(fakes.starts('persist')).toEqual([]); // restoring is not a change
    actor.send({ type: 'tab.close', id: 'r-1' });
    await fakes.reject('persist', new Error('QuotaExceededError'));
    expect(actor.getSnapshot().value).toEqual({ editor: 'home', persistence: 'idle' });
  });

  it('the real actor reads and writes local storage per project ref', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    store.set(editorTabsStorageKey('analytics'), '{not json');
    const first = createEditorTabsActor('storefront', { storage });
    first.send({ type: 'tab.openPreview', item: orders });
    first.send({ type: 'recent.add', item: { id: 'r-1', type: 'r', label: 'orders' }, timestamp: 7 });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parseTabsState(store.get(editorTabsStorageKey('storefront'))).activeTab).toBe('r-1');
    expect(parseRecentItems(store.get(recentItemsStorageKey('storefront'))).map((item) => item.id)).toEqual(['r-1']);
    const again = createEditorTabsActor('storefront', { storage });
    expect(again.getSnapshot().context.tabs).toEqual(first.getSnapshot().context.tabs);
    expect(again.getSnapshot().context.recentItems).toEqual(first.getSnapshot().context.recentItems);
    const other = createEditorTabsActor('analytics', { storage }); // damaged storage: empty, at home
    expect(selectIsEditorHome(other.getSnapshot())).toBe(true);
    for (const actor of [first, again, other]) actor.stop();
  });

  it('the default persist actor is a loud stub', async () => {
    const logic = editorTabsMachine.implementations.actors.persist as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = controlledActors({ persist: 'promise' });

const events: ReadonlyArray<EventSample<typeof editorTabsMachine>> = [
  { type: 'tab.openPreview', item: orders },
  { type: 'tab.openPermanent', item: orders },
  { type: 'tab.openPermanent', item: query },
  { type: 'tab.makePermanent', id: 'r-1' },
  { type: 'tab.close', id: 'r-1' },
  { type: 'tab.closeAll', kind: 'sql' },
  { type: 'tab.activate', id: 'r-1' },
  { type: 'tab.reorder', id: 'r-1', toIndex: 0 },
  { type: 'tab.scroll', id: 'r-1', scrollTop: 120 },
  { type: 'tab.relabel', id: 'r-1', label: 'orders (renamed)' },
  { type: 'tab.query', id: 'r-1', sort: 'id:desc' },
  { type: 'recent.add', item: { id: 'r-1', type: 'r', label: 'orders' }, timestamp: 1 },
  { type: 'recent.remove', id: 'r-1' },
  { type: 'xstate.done.actor.persist' },
  { type: 'xstate.error.actor.persist', error: new Error('QuotaExceededError') },
];

const invariants: Invariants<typeof editorTabsMachine> = {
  '*': (snapshot) => checkTabs(snapshot.context.tabs),
  'editor.home': (snapshot) => expect(snapshot.context.tabs.openTabs).toEqual([]),
  'editor.tab': (snapshot) => expect(selectActiveTab(snapshot)).not.toBeNull(),
  'persistence.idle': (snapshot) => {
    expect(pathFakes.isRunning('persist')).toBe(false);
    expect(selectSaving(snapshot)).toBe(false);
  },
  'persistence.saving': (snapshot) => {
    expect(pathFakes.isRunning('persist')).toBe(true);
    const { projectRef, tabs, recentItems } = snapshot.context;
    expect(pathFakes.starts('persist').at(-1)?.input).toEqual({ projectRef, tabs, recentItems });
  },
};

describeMachinePaths('editor-tabs machine: generated paths', editorTabsMachine, {
  actors: pathFakes,
  input: { projectRef: 'storefront' },
  events,
  invariants,
  simplePaths: false,
  // The context multiplies the graph (order × preview × scroll × recent × saving): keep the events that do something,
  // and explore recent items, scroll positions and writes in flight from small states only. The properties below
  // cover the rest of the space.
  filterEvents: (snapshot: Snap, event) => {
    if (!snapshot.can(event as EditorTabsEvent)) return false;
    if (event.type.startsWith('xstate.')) return true;
    const { tabs, recentItems } = snapshot.context;
    if (event.type === 'recent.add' && tabs.openTabs.length > 0) return false;
    if (recentItems.length > 0 && !event.type.startsWith('recent.')) return false;
    if (tabs.tabsMap['r-1']?.metadata.scrollTop !== undefined && event.type !== 'tab.close') return false;
    if (tabs.tabsMap['r-1']?.metadata.sort !== undefined && event.type !== 'tab.close') return false;
    return !(snapshot.matches({ persistence: 'saving' }) && tabs.openTabs.length > 1 && event.type !== 'tab.activate');
  },
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

const itemArb: fc.Arbitrary<TabItem> = fc.record({
  type: fc.constantFrom<TabType>(...TABLE_TAB_TYPES, 'sql'),
  itemId: fc.integer({ min: 1, max: 5 }),
  label: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
});
const idArb = fc.oneof(itemArb.map((item) => `${item.type}-${item.itemId}`), fc.constant('constructor'));
const eventArb: fc.Arbitrary<EditorTabsEvent> = fc.oneof(
  fc.record({ type: fc.constantFrom('tab.openPreview' as const, 'tab.openPermanent' as const), item: itemArb }),
  fc.record({ type: fc.constantFrom('tab.makePermanent' as const, 'tab.close' as const, 'tab.activate' as const), id: idArb }),
  fc.record({ type: fc.constant('tab.closeAll' as const), kind: fc.constantFrom<TabKind>('table', 'sql') }),
  fc.record({ type: fc.constant('tab.reorder' as const), id: idArb, toIndex: fc.integer({ min: -1, max: 10 }) }),
  fc.record({ type: fc.constant('tab.scroll' as const), id: idArb, scrollTop: fc.nat(3000) }),
  fc.record({ type: fc.constant('tab.relabel' as const), id: idArb, label: fc.string({ maxLength: 5 }) }),
  fc.record({ type: fc.constant('tab.query' as const), id: idArb, sort: fc.constantFrom(undefined, 'id:asc', 'id:desc') }),
  fc.record({
    type: fc.constant('recent.add' as const),
    item: itemArb.map((item) => ({ id: `${item.type}-${item.itemId}`, type: item.type, label: item.label })),
    timestamp: fc.nat(),
  }),
  fc.record({ type: fc.constant('recent.remove' as const), id: idArb }),
);
type Step = { kind: 'send'; event: EditorTabsEvent } | { kind: 'settle'; fail: boolean };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: eventArb.map((event) => ({ kind: 'send' as const, event })) },
  { weight: 1, arbitrary: fc.boolean().map((fail) => ({ kind: 'settle' as const, fail })) },
);

describe('editor-tabs machine: properties', () => {
  it('after any sequence: one preview at most, active tab open, no duplicates, home iff no tab, the last write is the state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 40 }), async (steps) => {
        const { actor, fakes } = start();
        for (const step of steps) {
          if (step.kind === 'send') actor.send(step.event);
          else if (fakes.isRunning('persist')) {
            if (step.fail) await fakes.reject('persist', new Error('full'));
            else await fakes.resolve('persist');
          }
          const snapshot = actor.getSnapshot();
          const { tabs, recentItems, projectRef } = snapshot.context;
          checkTabs(tabs);
          expect(selectIsEditorHome(snapshot)).toBe(tabs.openTabs.length === 0);
          expect(recentItems.filter((item) => item.type !== 'sql').length).toBeLessThanOrEqual(RECENT_TABLE_ITEMS_CAP);
          // What was written last, once read back, is exactly the state held (nothing lost between writes).
          const written = fakes.starts('persist').at(-1)?.input as { tabs: TabsState; recentItems: typeof recentItems } | undefined;
          const expected = written ?? { tabs: parseTabsState(null), recentItems: [] };
          expect(parseTabsState(serializeTabsState(expected.tabs))).toEqual(tabs);
          expect(parseRecentItems(serializeRecentItems(expected.recentItems))).toEqual(recentItems);
          if (written) expect(written).toMatchObject({ projectRef });
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
