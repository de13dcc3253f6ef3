// Sidebar behaviour (spec A2.4): the preference 'expanded' | 'collapsed' | 'hover' (default), the open state it
// implies (hover mode opens while the pointer is over the sidebar), the mobile sheet, and their persistence: the
// preference in local storage, the resting open state in the cookie 'sidebar:state' (7 days).
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_SIDEBAR_BEHAVIOUR, readSidebarBehaviour, type SidebarBehaviour } from '../src/domain/navigation/sidebar-behaviour.ts';
import { notProvidedStub } from './support.ts';

export interface SidebarContext {
  behaviour: SidebarBehaviour;
  /** The open state kept in the cookie, shown until the stored preference is read. */
  cookieOpen: boolean | undefined;
}

export interface SidebarInput {
  /** the sidebar:state cookie as parsed by the caller (the real actor reads it). */
  cookieOpen?: boolean | undefined;
}

/** The user picks a behaviour ('Expanded' / 'Collapsed' / 'Expand on hover'). */
export interface SidebarSetBehaviourEvent {
  type: 'sidebar.setBehaviour';
  behaviour: SidebarBehaviour;
}
export interface SidebarPointerEnterEvent {
  type: 'sidebar.pointerEnter';
}
export interface SidebarPointerLeaveEvent {
  type: 'sidebar.pointerLeave';
}
/** The mobile bar's menu button opens the sidebar in a sheet (spec A2.3). */
export interface SidebarMobileOpenEvent {
  type: 'sidebar.mobileOpen';
}
/** The sheet closes (swipe, backdrop, a link followed). */
export interface SidebarMobileCloseEvent {
  type: 'sidebar.mobileClose';
}
export type SidebarEvent =
  | SidebarSetBehaviourEvent
  | SidebarPointerEnterEvent
  | SidebarPointerLeaveEvent
  | SidebarMobileOpenEvent
  | SidebarMobileCloseEvent;

export type SidebarTag = 'busy';

export const sidebarMachine = setup({
  types: {} as {
    context: SidebarContext;
    events: SidebarEvent;
    input: SidebarInput | undefined;
    tags: SidebarTag;
  },
  actors: {
    /** Resolves with the raw stored preference (string or null). */
    readStoredBehaviour: fromPromise<unknown>(notProvidedStub('read sidebar behaviour')),
    writeStoredBehaviour: fromPromise<void, { behaviour: SidebarBehaviour }>(notProvidedStub('write sidebar behaviour')),
    /** Writes the cookie 'sidebar:state'; must not reject (a cookie write cannot fail in a way worth showing). */
    writeOpenCookie: fromPromise<void, { open: boolean }>(notProvidedStub('write sidebar cookie')),
  },
  actions: {
    storeBehaviour: assign({ behaviour: (_, params: { behaviour: SidebarBehaviour }) => params.behaviour }),
  },
  guards: {
    isExpanded: ({ context }) => context.behaviour === 'expanded',
    isCollapsed: ({ context }) => context.behaviour === 'collapsed',
    changesBehaviour: ({ context, event }) => event.type === 'sidebar.setBehaviour' && event.behaviour !== context.behaviour,
  },
}).createMachine({
  id: 'sidebar',
  type: 'parallel',
  context: ({ input }) => ({ behaviour: DEFAULT_SIDEBAR_BEHAVIOUR, cookieOpen: input?.cookieOpen }),
  states: {
    desktop: {
      initial: 'loading',
      on: {
        // Choosing the current behaviour again changes nothing (the hover sidebar stays open under the pointer).
        'sidebar.setBehaviour': {
          guard: 'changesBehaviour',
          target: '.choosing',
          actions: { type: 'storeBehaviour', params: ({ event }) => ({ behaviour: event.behaviour }) },
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'readStoredBehaviour',
            src: 'readStoredBehaviour',
            onDone: {
              target: 'choosing',
              actions: { type: 'storeBehaviour', params: ({ event }) => ({ behaviour: readSidebarBehaviour(event.output) }) },
            },
            // Storage unavailable: the default, 'Expand on hover'.
            onError: 'choosing',
          },
        },
        choosing: {
          always: [
            { guard: 'isExpanded', target: 'expanded' },
            { guard: 'isCollapsed', target: 'collapsed' },
            { target: 'hover' },
          ],
        },
        // Each behaviour writes its resting open state to the cookie on entry (renewing its 7 days).
        expanded: {
          invoke: { id: 'writeOpenCookie', src: 'writeOpenCookie', input: { open: true } },
        },
        collapsed: {
          invoke: { id: 'writeOpenCookie', src: 'writeOpenCookie', input: { open: false } },
        },
        hover: {
          invoke: { id: 'writeOpenCookie', src: 'writeOpenCookie', input: { open: false } },
          initial: 'closed',
          states: {
            closed: { on: { 'sidebar.pointerEnter': 'open' } },
            open: { on: { 'sidebar.pointerLeave': 'closed' } },
          },
        },
      },
    },
    mobile: {
      initial: 'closed',
      states: {
        closed: { on: { 'sidebar.mobileOpen': 'open' } },
        open: { on: { 'sidebar.mobileClose': 'closed' } },
      },
    },
    persistence: {
      initial: 'idle',
      // (The transitions sit on the child states: a re-entering transition on the region itself would have the
      // whole parallel machine as its domain and be undone by the desktop region's transition.)
      states: {
        idle: {
          on: { 'sidebar.setBehaviour': { guard: 'changesBehaviour', target: 'writing' } },
        },
        writing: {
          tags: ['busy'],
          on: {
            // A newer choice restarts the write, so the last value written is the last value chosen.
            'sidebar.setBehaviour': { guard: 'changesBehaviour', target: 'writing', reenter: true },
          },
          invoke: {
            id: 'writeStoredBehaviour',
            src: 'writeStoredBehaviour',
            input: ({ context }) => ({ behaviour: context.behaviour }),
            onDone: 'idle',
            // Not persisted (storage blocked): this tab keeps the choice.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type SidebarMachine = typeof sidebarMachine;
