// The Connect dialog (spec A2.10, A4.6, A5): opened by ?showConnect=true on any project page (the header's Connect
// button navigates there), only while the project is ACTIVE_HEALTHY. The router owns the URL: the project route
// forwards its search and the project's status as `connect.sync`, and the machine keeps the parameters made valid
// (A5) and reads what the strings need (host, port, database, user, poolers, API URL and anon key) on each opening.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ConnectTab } from '../src/domain/connect/constants.ts';
import { connectParams, type ConnectParams, type ConnectSearch } from '../src/domain/connect/params.ts';
import type { ConnectionInfo } from '../src/domain/connect/info.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface ConnectDialogInput {
  ref: string;
  status: string;
  tabs: ConnectTab[];
  search: ConnectSearch;
}
export interface ConnectDialogContext {
  ref: string;
  status: string;
  tabs: ConnectTab[];
  params: ConnectParams;
  info: ConnectionInfo | null;
  error: string | null;
}
/** The URL's search and the project's status changed (forwarded by the project route). */
export interface ConnectSyncEvent {
  type: 'connect.sync';
  search: ConnectSearch;
  status: string;
  tabs: ConnectTab[];
}
export interface ConnectRetryEvent {
  type: 'connect.retry';
}
/** The platform's settings changed (password reset, pool mode): read again when open. */
export interface ConnectReloadEvent {
  type: 'connect.reload';
}
export type ConnectDialogEvent = ConnectSyncEvent | ConnectRetryEvent | ConnectReloadEvent;

/** spec A2.10: the dialog opens only for an ACTIVE_HEALTHY project. */
export const CONNECTABLE_STATUS = 'ACTIVE_HEALTHY';

const wantsOpen = (event: ConnectDialogEvent) =>
  event.type === 'connect.sync' && event.search.showConnect === true && event.status === CONNECTABLE_STATUS;

export const connectDialogMachine = setup({
  types: {} as { context: ConnectDialogContext; events: ConnectDialogEvent; input: ConnectDialogInput; tags: 'busy' | 'error' },
  actors: {
    loadConnectionInfo: fromPromise<ConnectionInfo, { ref: string }>(notProvidedStub('load connection info')),
  },
  actions: {
    synced: assign(({ context, event }) => {
      assertEvent(event, 'connect.sync');
      return { status: event.status, tabs: event.tabs, params: connectParams(event.search, { ref: context.ref, tabs: event.tabs }) };
    }),
  },
  guards: {
    opens: ({ event }) => wantsOpen(event),
    closes: ({ event }) => !wantsOpen(event),
    startsOpen: ({ context }) => context.params.open && context.status === CONNECTABLE_STATUS,
  },
}).createMachine({
  id: 'connectDialog',
  context: ({ input }) => ({
    ref: input.ref,
    status: input.status,
    tabs: input.tabs,
    params: connectParams(input.search, { ref: input.ref, tabs: input.tabs }),
    info: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsOpen', target: 'open' }, { target: 'closed' }],
    },
    closed: {
      on: {
        'connect.sync': [
          { guard: 'opens', target: 'open', actions: 'synced' },
          { actions: 'synced' },
        ],
      },
    },
    open: {
      initial: 'loading',
      on: {
        'connect.sync': [
          { guard: 'closes', target: 'closed', actions: 'synced' },
          { actions: 'synced' },
        ],
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadConnectionInfo',
            src: 'loadConnectionInfo',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: { target: 'ready', actions: assign({ info: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error, 'The connection details could not be read.') }),
            },
          },
        },
        ready: {
          on: { 'connect.reload': 'loading' },
        },
        failed: {
          tags: ['error'],
          on: { 'connect.retry': 'loading' },
        },
      },
    },
  },
});

export type ConnectDialogMachine = typeof connectDialogMachine;
