// Editor tabs and recent items of one project (spec B2.2, B3), shared by the table editor and the SQL editor.
// The rules live in src/domain/editor-tabs.ts and recent-items.ts; this machine holds the state, tells the editor
// home (no tab open) from an open tab, and saves every change through the injected `persist` actor (local storage
// per project ref in src/actors/editor-tabs.ts). Machines never touch storage themselves.
import { assign, fromPromise, setup } from 'xstate';
import {
  activateTab,
  closeAllOfKind,
  closeTab,
  EMPTY_TABS_STATE,
  makePermanent,
  openPermanent,
  relabelTab,
  openPreview,
  reorderTab,
  setTabQuery,
  setTabScroll,
  type TabItem,
  type TabKind,
  type TabsState,
} from '../src/domain/editor-tabs.ts';
import { addRecentItem, removeRecentItem, type RecentItem, type RecentItemInput } from '../src/domain/recent-items.ts';
import { notProvidedStub } from './support.ts';

export interface EditorTabsContext {
  projectRef: string;
  tabs: TabsState;
  recentItems: RecentItem[];
}

export interface EditorTabsInput {
  projectRef: string;
  /** What was saved for this project (parsed by the caller with parseTabsState / parseRecentItems). */
  tabs?: TabsState;
  recentItems?: RecentItem[];
}

/** What `persist` writes: the whole state of the project, the last write wins. */
export interface EditorTabsPersistInput {
  projectRef: string;
  tabs: TabsState;
  recentItems: RecentItem[];
}

/** Single click in a list: opens the item as the preview tab (replacing the current preview). */
export interface TabOpenPreviewEvent { type: 'tab.openPreview'; item: TabItem }
/** Double click / new snippet: opens the item as a permanent tab. */
export interface TabOpenPermanentEvent { type: 'tab.openPermanent'; item: TabItem }
/** Explicit request (double click on the preview tab) to keep the preview. */
export interface TabMakePermanentEvent { type: 'tab.makePermanent'; id: string }
export interface TabCloseEvent { type: 'tab.close'; id: string }
/** 'Close all' of one kind: the table tabs or the SQL tabs. */
export interface TabCloseAllEvent { type: 'tab.closeAll'; kind: TabKind }
export interface TabActivateEvent { type: 'tab.activate'; id: string }
/** A tab dropped at a new index (dragging also makes a preview permanent). */
export interface TabReorderEvent { type: 'tab.reorder'; id: string; toIndex: number }
/** The tab's scroll position, sent when scrolling settles (not on every scroll frame: each change is saved). */
export interface TabScrollEvent { type: 'tab.scroll'; id: string; scrollTop: number }
/** A table tab is shown with this sort and filter (the URL's): remembered for going back to it. */
export interface TabQueryEvent { type: 'tab.query'; id: string; sort?: string | undefined; filter?: string | undefined }
/** An item was renamed (a snippet in the SQL editor's list): its open tab shows the new name. */
export interface TabRelabelEvent { type: 'tab.relabel'; id: string; label: string }
/** An item was opened: it goes to the front of the recent items (the sender gives the time, machines are pure). */
export interface RecentAddEvent { type: 'recent.add'; item: RecentItemInput; timestamp: number }
export interface RecentRemoveEvent { type: 'recent.remove'; id: string }

export type EditorTabsEvent =
  | TabOpenPreviewEvent
  | TabOpenPermanentEvent
  | TabMakePermanentEvent
  | TabCloseEvent
  | TabCloseAllEvent
  | TabActivateEvent
  | TabReorderEvent
  | TabScrollEvent
  | TabRelabelEvent
  | TabQueryEvent
  | RecentAddEvent
  | RecentRemoveEvent;

export type EditorTabsTag = 'busy';

/** The state after an event; the same objects when the event changes nothing (so nothing is saved). */
export function reduceEditorTabs(context: EditorTabsContext, event: EditorTabsEvent): Pick<EditorTabsContext, 'tabs' | 'recentItems'> {
  const { tabs, recentItems } = context;
  switch (event.type) {
    case 'tab.openPreview': return { tabs: openPreview(tabs, event.item), recentItems };
    case 'tab.openPermanent': return { tabs: openPermanent(tabs, event.item), recentItems };
    case 'tab.makePermanent': return { tabs: makePermanent(tabs, event.id), recentItems };
    case 'tab.close': return { tabs: closeTab(tabs, event.id), recentItems };
    case 'tab.closeAll': return { tabs: closeAllOfKind(tabs, event.kind), recentItems };
    case 'tab.activate': return { tabs: activateTab(tabs, event.id), recentItems };
    case 'tab.reorder': return { tabs: reorderTab(tabs, event.id, event.toIndex), recentItems };
    case 'tab.scroll': return { tabs: setTabScroll(tabs, event.id, event.scrollTop), recentItems };
    case 'tab.query': return { tabs: setTabQuery(tabs, event.id, { sort: event.sort, filter: event.filter }), recentItems };
    case 'tab.relabel': return { tabs: relabelTab(tabs, event.id, event.label), recentItems };
    case 'recent.add': return { tabs, recentItems: addRecentItem(recentItems, event.item, event.timestamp) };
    case 'recent.remove': return { tabs, recentItems: removeRecentItem(recentItems, event.id) };
  }
}

const changes = ({ context, event }: { context: EditorTabsContext; event: EditorTabsEvent }): boolean => {
  const next = reduceEditorTabs(context, event);
  return next.tabs !== context.tabs || next.recentItems !== context.recentItems;
};

// Every event that can change the state: the persistence region saves after each change.
const CHANGE_EVENTS = [
  'tab.openPreview',
  'tab.openPermanent',
  'tab.makePermanent',
  'tab.close',
  'tab.closeAll',
  'tab.activate',
  'tab.reorder',
  'tab.scroll',
  'tab.relabel',
  'tab.query',
  'recent.add',
  'recent.remove',
] as const;

const apply = { type: 'apply' } as const;

export const editorTabsMachine = setup({
  types: {} as {
    context: EditorTabsContext;
    events: EditorTabsEvent;
    input: EditorTabsInput;
    tags: EditorTabsTag;
  },
  actors: {
    /** Writes the project's tabs and recent items; a failure (storage full or blocked) keeps them in memory. */
    persist: fromPromise<void, EditorTabsPersistInput>(notProvidedStub('persist editor tabs')),
  },
  actions: {
    apply: assign(({ context, event }) => reduceEditorTabs(context, event)),
  },
  guards: {
    changes,
    hasOpenTab: ({ context }) => context.tabs.activeTab !== null,
  },
}).createMachine({
  id: 'editorTabs',
  type: 'parallel',
  context: ({ input }) => ({
    projectRef: input.projectRef,
    tabs: input.tabs ?? EMPTY_TABS_STATE,
    recentItems: input.recentItems ?? [],
  }),
  states: {
    editor: {
      initial: 'routing',
      on: {
        // Recent items change anywhere, without leaving the editor home or the open tab.
        'recent.add': { guard: 'changes', actions: apply },
        'recent.remove': { guard: 'changes', actions: apply },
        // A rename relabels an open tab wherever the editor is (the renamed tab need not be the active one).
        'tab.relabel': { guard: 'changes', actions: apply },
      },
      states: {
        /** Decides between the editor home (no tab left) and an open tab after restoring, closing or opening. */
        routing: {
          always: [{ guard: 'hasOpenTab', target: 'tab' }, { target: 'home' }],
        },
        /** No tab open: the editor home (/project/{ref}/editor or /project/{ref}/sql). spec B2.2 */
        home: {
          on: {
            'tab.openPreview': { target: 'tab', actions: apply },
            'tab.openPermanent': { target: 'tab', actions: apply },
          },
        },
        /** The active tab is shown. */
        tab: {
          on: {
            'tab.openPreview': { guard: 'changes', actions: apply },
            'tab.openPermanent': { guard: 'changes', actions: apply },
            'tab.makePermanent': { guard: 'changes', actions: apply },
            'tab.activate': { guard: 'changes', actions: apply },
            'tab.reorder': { guard: 'changes', actions: apply },
            'tab.scroll': { guard: 'changes', actions: apply },
            'tab.query': { guard: 'changes', actions: apply },
            'tab.close': { guard: 'changes', target: 'routing', actions: apply },
            'tab.closeAll': { guard: 'changes', target: 'routing', actions: apply },
          },
        },
      },
    },
    persistence: {
      initial: 'idle',
      states: {
        idle: {
          on: Object.fromEntries(CHANGE_EVENTS.map((type) => [type, { guard: 'changes', target: 'saving' }])),
        },
        saving: {
          tags: ['busy'],
          // A newer change restarts the write, so the last state written is the last state reached.
          on: Object.fromEntries(CHANGE_EVENTS.map((type) => [type, { guard: 'changes', target: 'saving', reenter: true }])),
          invoke: {
            id: 'persist',
            src: 'persist',
            input: ({ context }) => ({ projectRef: context.projectRef, tabs: context.tabs, recentItems: context.recentItems }),
            onDone: 'idle',
            // Not saved (storage full or blocked): this tab of the browser keeps its tabs.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type EditorTabsMachine = typeof editorTabsMachine;
