// The bell and its popover (spec A2.11, A4.8, C§9; issue 21). Closed, it keeps the summary (unread count,
// warning, critical) for the bell; open, it lists one tab (Inbox: new and seen, or only new with 'Unread';
// Archived) with the filters applied, ten rows a page, the next page only after a full one. Rows with status new
// that scroll into view are queued and set to seen when the popover closes. Archive / unarchive move one row out
// of the tab; 'Archive all' archives everything. What a view must show after a mutation (a toast) is emitted.
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  hasNextNotificationPage,
  NO_FILTERS,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_SUMMARY_POLL_MS,
  statusQuery,
  type Notification,
  type NotificationFilters,
  type NotificationStatus,
  type NotificationSummary,
  type NotificationTab,
} from '../src/domain/notifications.ts';
import { errorMessage, notProvidedStub } from './support.ts';

export interface NotificationsContext {
  summary: NotificationSummary | null;
  tab: NotificationTab;
  unreadOnly: boolean;
  filters: NotificationFilters;
  items: Notification[];
  /** Length of the last page fetched (spec C§9: a next page only after a full one); null before the first. */
  lastPageLength: number | null;
  /** Rows with status new seen in view since the popover opened (spec A4.8). */
  seenQueue: string[];
  /** The change being written by `updating`. */
  pending: { id: string; status: NotificationStatus } | null;
  error: string | null;
}

export interface FetchNotificationsInput {
  status: string;
  filters: NotificationFilters;
  offset: number;
  limit: number;
}
export type NotificationUpdate = { id: string; status: NotificationStatus };

export type NotificationsEvent =
  | { type: 'popover.open' }
  | { type: 'popover.close' }
  | { type: 'summary.refresh' }
  | { type: 'tab.select'; tab: NotificationTab }
  | { type: 'filter.unread'; on: boolean }
  | { type: 'filter.set'; filters: NotificationFilters }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'row.visible'; id: string }
  | { type: 'row.archive'; id: string }
  | { type: 'row.unarchive'; id: string }
  | { type: 'archiveAll' };

/** Emitted for the view's toast. */
export interface NotificationsToastEvent {
  type: 'notifications.toast';
  kind: 'success' | 'error';
  message: string;
}

export type NotificationsTag = 'busy' | 'error';

export const notificationsMachine = setup({
  types: {} as {
    context: NotificationsContext;
    events: NotificationsEvent;
    emitted: NotificationsToastEvent;
    tags: NotificationsTag;
  },
  actors: {
    fetchSummary: fromPromise<NotificationSummary>(notProvidedStub('fetch notification summary')),
    fetchNotifications: fromPromise<Notification[], FetchNotificationsInput>(notProvidedStub('fetch notifications')),
    updateNotifications: fromPromise<unknown, NotificationUpdate[]>(notProvidedStub('update notifications')),
    archiveAll: fromPromise<unknown>(notProvidedStub('archive all notifications')),
  },
  delays: {
    summaryPoll: NOTIFICATIONS_SUMMARY_POLL_MS,
  },
  guards: {
    hasNextPage: ({ context }) => context.lastPageLength !== null && hasNextNotificationPage(context.lastPageLength),
    hasQueue: ({ context }) => context.seenQueue.length > 0,
    inInbox: ({ context }) => context.tab === 'inbox',
    unreadChanges: ({ context }, on: boolean) => context.tab === 'inbox' && context.unreadOnly !== on,
    tabChanges: ({ context }, tab: NotificationTab) => context.tab !== tab,
    /** A new row shown, not queued yet, and not being archived. */
    queueable: ({ context }, id: string) =>
      !context.seenQueue.includes(id) &&
      context.pending?.id !== id &&
      context.items.some((n) => n.id === id && n.status === 'new'),
    listed: ({ context }, id: string) => context.items.some((n) => n.id === id),
  },
  actions: {
    clearList: assign({ items: [], lastPageLength: null, pending: null, error: null }),
    storeFirstPage: assign((_, page: Notification[]) => ({ items: page, lastPageLength: page.length, error: null })),
    storeNextPage: assign(({ context }, page: Notification[]) => ({
      items: [...context.items, ...page],
      lastPageLength: page.length,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    storeSummary: assign((_, summary: NotificationSummary) => ({ summary })),
    /** The row leaves the tab it was in; a new row counted as unread no longer is. */
    removePending: assign(({ context }) => {
      const row = context.items.find((n) => n.id === context.pending?.id);
      const wasUnread = row?.status === 'new';
      return {
        items: context.items.filter((n) => n.id !== context.pending?.id),
        seenQueue: context.seenQueue.filter((id) => id !== context.pending?.id),
        summary:
          context.summary && wasUnread ? { ...context.summary, unread_count: Math.max(0, context.summary.unread_count - 1) } : context.summary,
        pending: null,
      };
    }),
    toastUpdateFailed: emit((_, params: { error: unknown }) => ({
      type: 'notifications.toast' as const,
      kind: 'error' as const,
      message: `Failed to update notifications: ${errorMessage(params.error)}`,
    })),
  },
}).createMachine({
  id: 'notifications',
  context: {
    summary: null,
    tab: 'inbox',
    unreadOnly: false,
    filters: NO_FILTERS,
    items: [],
    lastPageLength: null,
    seenQueue: [],
    pending: null,
    error: null,
  },
  initial: 'closed',
  states: {
    closed: {
      initial: 'loadingSummary',
      on: { 'popover.open': { target: 'open' } },
      states: {
        loadingSummary: {
          invoke: {
            id: 'fetchSummary',
            src: 'fetchSummary',
            onDone: { target: 'ready', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
            onError: { target: 'summaryFailed' },
          },
        },
        ready: {
          after: { summaryPoll: 'loadingSummary' },
          on: { 'summary.refresh': 'loadingSummary' },
        },
        /** The bell shows no indicator; the next poll or refresh tries again. */
        summaryFailed: {
          tags: ['error'],
          after: { summaryPoll: 'loadingSummary' },
          on: { 'summary.refresh': 'loadingSummary' },
        },
        /**
         * spec A4.8: the rows seen while open are set to seen as the popover closes. Opened again before the write
         * ends, the queue stays (the rows were seen) and is written at the next close.
         */
        markingSeen: {
          invoke: {
            id: 'updateNotifications',
            src: 'updateNotifications',
            input: ({ context }) => context.seenQueue.map((id) => ({ id, status: 'seen' as const })),
            onDone: { target: 'loadingSummary', actions: assign({ seenQueue: [] }) },
            onError: {
              target: 'loadingSummary',
              actions: [assign({ seenQueue: [] }), { type: 'toastUpdateFailed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
    open: {
      initial: 'loadingFirstPage',
      entry: 'clearList',
      on: {
        'popover.close': [{ guard: 'hasQueue', target: 'closed.markingSeen' }, { target: 'closed' }],
        'tab.select': {
          guard: { type: 'tabChanges', params: ({ event }) => event.tab },
          target: '.loadingFirstPage',
          reenter: true,
          // spec A4.8: Archived clears the Unread filter (and the view disables it).
          actions: [assign({ tab: ({ event }) => event.tab, unreadOnly: false }), 'clearList'],
        },
        'filter.unread': {
          guard: { type: 'unreadChanges', params: ({ event }) => event.on },
          target: '.loadingFirstPage',
          reenter: true,
          actions: [assign({ unreadOnly: ({ event }) => event.on }), 'clearList'],
        },
        'filter.set': {
          target: '.loadingFirstPage',
          reenter: true,
          actions: [assign({ filters: ({ event }) => event.filters }), 'clearList'],
        },
        'row.visible': {
          guard: { type: 'queueable', params: ({ event }) => event.id },
          actions: assign({ seenQueue: ({ context, event }) => [...context.seenQueue, event.id] }),
        },
      },
      states: {
        loadingFirstPage: {
          tags: ['busy'],
          invoke: {
            id: 'fetchNotifications',
            src: 'fetchNotifications',
            input: ({ context }) => ({
              status: statusQuery(context.tab, context.unreadOnly),
              filters: context.filters,
              offset: 0,
              limit: NOTIFICATIONS_PAGE_SIZE,
            }),
            onDone: { target: 'idle', actions: { type: 'storeFirstPage', params: ({ event }) => event.output } },
            onError: { target: 'failed.firstPage', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        idle: {
          on: {
            'list.loadMore': { guard: 'hasNextPage', target: 'loadingMore' },
            'row.archive': {
              guard: { type: 'listed', params: ({ event }) => event.id },
              target: 'updating',
              // Out of the seen queue at once: marking it seen on close would take it out of the archive again.
              actions: assign({
                pending: ({ event }) => ({ id: event.id, status: 'archived' as const }),
                seenQueue: ({ context, event }) => context.seenQueue.filter((id) => id !== event.id),
              }),
            },
            // spec A4.8: unarchive → seen.
            'row.unarchive': {
              guard: { type: 'listed', params: ({ event }) => event.id },
              target: 'updating',
              actions: assign({ pending: ({ event }) => ({ id: event.id, status: 'seen' as const }) }),
            },
            archiveAll: { guard: 'inInbox', target: 'archivingAll' },
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'fetchNotifications',
            src: 'fetchNotifications',
            // The rows loaded so far: an archived row has left the list, so page × limit would skip one.
            input: ({ context }) => ({
              status: statusQuery(context.tab, context.unreadOnly),
              filters: context.filters,
              offset: context.items.length,
              limit: NOTIFICATIONS_PAGE_SIZE,
            }),
            onDone: { target: 'idle', actions: { type: 'storeNextPage', params: ({ event }) => event.output } },
            onError: { target: 'failed.nextPage', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'updateNotifications',
            src: 'updateNotifications',
            input: ({ context }) => (context.pending ? [context.pending] : []),
            onDone: { target: 'idle', actions: 'removePending' },
            onError: {
              target: 'idle',
              actions: [assign({ pending: null }), { type: 'toastUpdateFailed', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        archivingAll: {
          tags: ['busy'],
          invoke: {
            id: 'archiveAll',
            src: 'archiveAll',
            onDone: {
              target: 'loadingFirstPage',
              actions: [
                assign({
                  seenQueue: [],
                  summary: ({ context }) => (context.summary ? { unread_count: 0, has_warning: false, has_critical: false } : null),
                }),
                'clearList',
                emit({ type: 'notifications.toast', kind: 'success', message: 'Successfully archived all notifications' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({
                type: 'notifications.toast' as const,
                kind: 'error' as const,
                message: `Failed to archive all notifications: ${errorMessage(event.error)}`,
              })),
            },
          },
        },
        failed: {
          tags: ['error'],
          initial: 'firstPage',
          states: {
            firstPage: { on: { 'list.retry': '#notifications.open.loadingFirstPage' } },
            nextPage: { on: { 'list.retry': '#notifications.open.loadingMore' } },
          },
        },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
