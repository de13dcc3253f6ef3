// Real effects of the editor-tabs machine (spec B2.2, B3): tabs state and recent items in local storage, one key
// each per project ref. Reading is synchronous and happens before the machine starts (it gets them as input).
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { editorTabsMachine, type EditorTabsPersistInput } from '../../machines/editor-tabs.machine.ts';
import { parseTabsState, serializeTabsState, type TabsState } from '../domain/editor-tabs.ts';
import { parseRecentItems, serializeRecentItems, type RecentItem } from '../domain/recent-items.ts';
import { devInspect } from '../dev/live-inspect.ts';

export type EditorTabsActor = ActorRefFrom<typeof editorTabsMachine>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Local-storage key of a project's tabs state. spec B3 ("saved to local storage per project ref") */
export const editorTabsStorageKey = (projectRef: string): string => `strata.editor-tabs.${projectRef}`;
/** Local-storage key of a project's recent items. spec B3 ("Saved per project ref") */
export const recentItemsStorageKey = (projectRef: string): string => `strata.recent-items.${projectRef}`;

const browserStorage = (): KeyValueStorage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

function readKey(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (sandboxed frame, privacy mode): start empty
  }
}

/** The saved state of a project; damaged or missing entries give empty tabs / no recent items. */
export function readEditorTabs(
  projectRef: string,
  storage: KeyValueStorage | undefined = browserStorage(),
): { tabs: TabsState; recentItems: RecentItem[] } {
  return {
    tabs: parseTabsState(readKey(storage, editorTabsStorageKey(projectRef))),
    recentItems: parseRecentItems(readKey(storage, recentItemsStorageKey(projectRef))),
  };
}

/** Writes both keys; throws when storage refuses (the machine then keeps the state in memory). */
export function writeEditorTabs(input: EditorTabsPersistInput, storage: KeyValueStorage | undefined = browserStorage()): void {
  if (!storage) throw new Error('local storage is not available');
  storage.setItem(editorTabsStorageKey(input.projectRef), serializeTabsState(input.tabs));
  storage.setItem(recentItemsStorageKey(input.projectRef), serializeRecentItems(input.recentItems));
}

/** The editor-tabs machine of one project with the browser's storage; `inspect` from src/dev/inspector.ts. */
export function createEditorTabsActor(
  projectRef: string,
  options: { inspect?: (event: InspectionEvent) => void; storage?: KeyValueStorage } = {},
): EditorTabsActor {
  const storage = options.storage ?? browserStorage();
  const machine = editorTabsMachine.provide({
    actors: {
      persist: fromPromise<void, EditorTabsPersistInput>(async ({ input }) => writeEditorTabs(input, storage)),
    },
  });
  return createActor(machine, { input: { projectRef, ...readEditorTabs(projectRef, storage) }, inspect: options.inspect ?? devInspect }).start();
}
