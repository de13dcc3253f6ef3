// Real effects of the sidebar machine (spec A2.4): the behaviour in local storage, the open state in the cookie
// 'sidebar:state' (7 days, built by src/domain/navigation/sidebar-cookie.ts).
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { sidebarMachine } from '../../machines/sidebar.machine.ts';
import { buildSidebarCookie, parseSidebarCookie } from '../domain/navigation/sidebar-cookie.ts';
import type { SidebarBehaviour } from '../domain/navigation/sidebar-behaviour.ts';

export type SidebarActor = ActorRefFrom<typeof sidebarMachine>;

/** Local-storage key of the behaviour preference. */
export const SIDEBAR_BEHAVIOUR_STORAGE_KEY = 'strata.sidebar.behavior';

/** The sidebar machine with the browser's effects; `inspect` comes from src/dev/inspector.ts in development. */
export function createSidebarActor(options: { inspect?: (event: InspectionEvent) => void } = {}): SidebarActor {
  const machine = sidebarMachine.provide({
    actors: {
      // localStorage throws when storage is blocked: the machine then keeps the default.
      readStoredBehaviour: fromPromise<unknown>(async () => window.localStorage.getItem(SIDEBAR_BEHAVIOUR_STORAGE_KEY)),
      writeStoredBehaviour: fromPromise<void, { behaviour: SidebarBehaviour }>(async ({ input }) => {
        window.localStorage.setItem(SIDEBAR_BEHAVIOUR_STORAGE_KEY, input.behaviour);
      }),
      writeOpenCookie: fromPromise<void, { open: boolean }>(async ({ input }) => {
        try {
          document.cookie = buildSidebarCookie(input.open);
        } catch {
          // Cookies disabled (sandboxed frame): the preference in local storage still holds.
        }
      }),
    },
  });
  const cookieOpen = parseSidebarCookie(typeof document === 'undefined' ? undefined : document.cookie);
  return createActor(machine, { input: { cookieOpen }, inspect: options.inspect }).start();
}
