// The telemetry queue (spec A4.13, C§9; issue 21): uninitialized until consent is accepted and the analytics provider
// is enabled; meanwhile page views, page leaves and events are queued (at most 20, the oldest dropped) and the latest
// identify and groups kept. On initialization: pending groups, then the pending identification, then the queued
// events; after that everything is sent as it comes, one batch at a time. Consent withdrawn: back to queueing.
import { assign, fromPromise, setup } from 'xstate';
import { TELEMETRY_MAX_PENDING, enqueueBounded } from '../src/domain/signals.ts';
import { notProvided } from './support.ts';

export type TelemetryGroups = { organization?: string; project?: string };
export type TelemetryItem =
  | { kind: 'page'; payload: Record<string, unknown> }
  | { kind: 'page_leave'; payload: Record<string, unknown> }
  | { kind: 'event'; payload: Record<string, unknown> }
  | { kind: 'identify'; payload: { user_id: string } }
  | { kind: 'groups'; payload: TelemetryGroups };

export type TelemetryContext = {
  consented: boolean;
  enabled: boolean;
  queue: TelemetryItem[];
  pendingIdentify: string | null;
  pendingGroups: TelemetryGroups | null;
  outbox: TelemetryItem[];
  /** How many outbox items the running send carries. */
  inFlight: number;
  dropped: number;
};

export type TelemetryPageEvent = { type: 'telemetry.page'; payload: Record<string, unknown> };
export type TelemetryPageLeaveEvent = { type: 'telemetry.pageLeave'; payload: Record<string, unknown> };
export type TelemetryTrackEvent = { type: 'telemetry.event'; payload: Record<string, unknown> };
export type TelemetryIdentifyEvent = { type: 'telemetry.identify'; userId: string };
export type TelemetryGroupsEvent = { type: 'telemetry.groups'; groups: TelemetryGroups };
export type TelemetryConsentEvent = { type: 'telemetry.consent'; accepted: boolean };
export type TelemetryEnabledEvent = { type: 'telemetry.enabled'; enabled: boolean };
export type TelemetryEvent =
  | TelemetryPageEvent
  | TelemetryPageLeaveEvent
  | TelemetryTrackEvent
  | TelemetryIdentifyEvent
  | TelemetryGroupsEvent
  | TelemetryConsentEvent
  | TelemetryEnabledEvent;

function itemOf(event: TelemetryEvent): TelemetryItem | null {
  switch (event.type) {
    case 'telemetry.page':
      return { kind: 'page', payload: event.payload };
    case 'telemetry.pageLeave':
      return { kind: 'page_leave', payload: event.payload };
    case 'telemetry.event':
      return { kind: 'event', payload: event.payload };
    case 'telemetry.identify':
      return { kind: 'identify', payload: { user_id: event.userId } };
    case 'telemetry.groups':
      return { kind: 'groups', payload: event.groups };
    default:
      return null;
  }
}

export const telemetryMachine = setup({
  types: {} as { context: TelemetryContext; events: TelemetryEvent; tags: 'busy' },
  actors: {
    sendTelemetry: fromPromise<void, { items: TelemetryItem[] }>(async () => notProvided('send telemetry')),
  },
  guards: {
    ready: ({ context }) => context.consented && context.enabled,
    notReady: ({ context, event }) =>
      (event.type === 'telemetry.consent' && !event.accepted) || (event.type === 'telemetry.enabled' && !event.enabled) || !(context.consented && context.enabled),
    hasOutbox: ({ context }) => context.outbox.length > 0,
  },
  actions: {
    setConsent: assign(({ event }) => (event.type === 'telemetry.consent' ? { consented: event.accepted } : {})),
    setEnabled: assign(({ event }) => (event.type === 'telemetry.enabled' ? { enabled: event.enabled } : {})),
    // spec A4.13: identify and groups are kept as the latest pending ones; the rest queue, max 20, oldest dropped.
    hold: assign(({ context, event }) => {
      if (event.type === 'telemetry.identify') return { pendingIdentify: event.userId };
      if (event.type === 'telemetry.groups') return { pendingGroups: event.groups };
      const item = itemOf(event);
      if (!item) return {};
      const dropped = context.queue.length >= TELEMETRY_MAX_PENDING ? context.dropped + 1 : context.dropped;
      return { queue: enqueueBounded(context.queue, item), dropped };
    }),
    // spec A4.13: on initialization, pending groups, then pending identification, then the queued events.
    release: assign(({ context }) => ({
      outbox: [
        ...(context.pendingGroups ? [{ kind: 'groups' as const, payload: context.pendingGroups }] : []),
        ...(context.pendingIdentify ? [{ kind: 'identify' as const, payload: { user_id: context.pendingIdentify } }] : []),
        ...context.queue,
      ],
      queue: [],
      pendingGroups: null,
      pendingIdentify: null,
    })),
    post: assign(({ context, event }) => {
      const item = itemOf(event);
      // A send in flight: the item waits for the next batch.
      return item ? { outbox: [...context.outbox, item] } : {};
    }),
  },
}).createMachine({
  id: 'telemetry',
  context: { consented: false, enabled: false, queue: [], pendingIdentify: null, pendingGroups: null, outbox: [], inFlight: 0, dropped: 0 },
  initial: 'uninitialized',
  states: {
    uninitialized: {
      always: { guard: 'ready', target: 'initialized' },
      on: {
        'telemetry.consent': { actions: 'setConsent', target: 'uninitialized', reenter: true },
        'telemetry.enabled': { actions: 'setEnabled', target: 'uninitialized', reenter: true },
        'telemetry.page': { actions: 'hold' },
        'telemetry.pageLeave': { actions: 'hold' },
        'telemetry.event': { actions: 'hold' },
        'telemetry.identify': { actions: 'hold' },
        'telemetry.groups': { actions: 'hold' },
      },
    },
    initialized: {
      entry: 'release',
      initial: 'idle',
      on: {
        'telemetry.consent': [
          { guard: 'notReady', target: 'uninitialized', actions: ['setConsent', assign({ outbox: [], inFlight: 0 })] },
          { actions: 'setConsent' },
        ],
        'telemetry.enabled': [
          { guard: 'notReady', target: 'uninitialized', actions: ['setEnabled', assign({ outbox: [], inFlight: 0 })] },
          { actions: 'setEnabled' },
        ],
        'telemetry.page': { actions: 'post' },
        'telemetry.pageLeave': { actions: 'post' },
        'telemetry.event': { actions: 'post' },
        'telemetry.identify': { actions: 'post' },
        'telemetry.groups': { actions: 'post' },
      },
      states: {
        idle: { always: { guard: 'hasOutbox', target: 'sending' } },
        sending: {
          tags: 'busy',
          // The collector takes at most 20 items a request (it refuses the whole batch above): the rest go next.
          entry: assign(({ context }) => ({ inFlight: Math.min(context.outbox.length, TELEMETRY_MAX_PENDING) })),
          invoke: {
            id: 'sendTelemetry',
            src: 'sendTelemetry',
            input: ({ context }) => ({ items: context.outbox.slice(0, context.inFlight) }),
            onDone: { target: 'idle', actions: assign(({ context }) => ({ outbox: context.outbox.slice(context.inFlight), inFlight: 0 })) },
            // spec A8: 'Problem sending telemetry …' is logged by the actor; the batch is not retried.
            onError: { target: 'idle', actions: assign(({ context }) => ({ outbox: context.outbox.slice(context.inFlight), inFlight: 0 })) },
          },
        },
      },
    },
  },
});

export type TelemetryMachine = typeof telemetryMachine;
