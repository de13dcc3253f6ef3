// The feature-flags provider (spec A4.12, C§9; issue 21): nothing loads until the provider is enabled and the session
// has finished loading; then the chosen sources load — remote flags (cc) for the user's e-mail and analytics flags
// (ph) — and the remote ones are read again every 420 s, so an admin's change reaches open consoles at their next
// poll. Loading re-runs when the user's e-mail changes. Values the console reads: defaults, remote, override cookie
// (selectors). A track event is emitted only for flags whose value differs from the last one tracked.
import { assign, emit, fromPromise, setup } from 'xstate';
import { REMOTE_FLAGS_POLL_MS, changedFlags, type FlagValue, type RemoteFlagItem } from '../src/domain/signals.ts';
import { flagKey } from '../src/domain/navigation/flags.ts';
import { errorMessage, notProvided } from './support.ts';

export type FlagSources = { remote: boolean; analytics: boolean };
export type LoadedFlags = { remote: RemoteFlagItem[]; analytics: Record<string, FlagValue> };
export type LoadFlagsInput = { email: string | null; sources: FlagSources };

export type FlagsProviderInput = {
  defaults: Record<string, boolean>;
  overrides: Record<string, boolean>;
  /** ENABLED_FEATURES_OVERRIDE_DISABLE_ALL: the capability flags stay off whatever the remote says. */
  disableAll: boolean;
  sources: FlagSources;
  /** The values tracked last time (kept by the console between visits). */
  tracked?: Record<string, FlagValue>;
};
export type FlagsProviderContext = FlagsProviderInput & {
  enabled: boolean;
  sessionSettled: boolean;
  email: string | null;
  remote: RemoteFlagItem[];
  analytics: Record<string, FlagValue>;
  tracked: Record<string, FlagValue>;
  hasLoaded: boolean;
  error: string | null;
};

export type FlagsSessionEvent = { type: 'flags.session'; settled: boolean; email: string | null };
export type FlagsEnabledEvent = { type: 'flags.enabled'; enabled: boolean };
export type FlagsProviderEvent = FlagsSessionEvent | FlagsEnabledEvent;
export type FlagsTrackEmitted = { type: 'flags.track'; changes: { feature_flag_name: string; feature_flag_value: FlagValue }[] };

const remoteValues = (items: readonly RemoteFlagItem[]) => Object.fromEntries(items.map((item) => [flagKey(item.settingKey), item.settingValue]));

export const flagsProviderMachine = setup({
  types: {} as {
    context: FlagsProviderContext;
    events: FlagsProviderEvent;
    input: FlagsProviderInput;
    emitted: FlagsTrackEmitted;
    tags: 'busy' | 'error';
  },
  actors: {
    loadFlags: fromPromise<LoadedFlags, LoadFlagsInput>(async () => notProvided('load flags')),
  },
  delays: { remotePoll: REMOTE_FLAGS_POLL_MS },
  guards: {
    canLoad: ({ context }) => context.enabled && context.sessionSettled && (context.sources.remote || context.sources.analytics),
    emailChanged: ({ context, event }) => event.type === 'flags.session' && event.settled && event.email !== context.email,
    stopsLoading: ({ event }) => (event.type === 'flags.session' && !event.settled) || (event.type === 'flags.enabled' && !event.enabled),
  },
  actions: {
    takeSession: assign(({ event }) =>
      event.type === 'flags.session' ? { sessionSettled: event.settled, email: event.email } : {},
    ),
    takeEnabled: assign(({ event }) => (event.type === 'flags.enabled' ? { enabled: event.enabled } : {})),
  },
}).createMachine({
  id: 'flagsProvider',
  context: ({ input }) => ({
    ...input,
    tracked: input.tracked ?? {},
    enabled: true,
    sessionSettled: false,
    email: null,
    remote: [],
    analytics: {},
    hasLoaded: false,
    error: null,
  }),
  initial: 'waiting',
  on: {
    // spec A4.12: loading re-runs when enabled, the session's loading state or the user's e-mail changes.
    'flags.session': [
      { guard: 'stopsLoading', target: '.waiting', actions: 'takeSession' },
      { guard: 'emailChanged', target: '.waiting', actions: 'takeSession', reenter: true },
      { actions: 'takeSession' },
    ],
    'flags.enabled': [
      { guard: 'stopsLoading', target: '.waiting', actions: 'takeEnabled' },
      { target: '.waiting', actions: 'takeEnabled', reenter: true },
    ],
  },
  states: {
    waiting: {
      always: { guard: 'canLoad', target: 'loading' },
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadFlags',
        src: 'loadFlags',
        input: ({ context }) => ({ email: context.email, sources: context.sources }),
        onDone: {
          target: 'ready',
          actions: [
            emit(({ context, event }) => ({ type: 'flags.track' as const, changes: changedFlags(context.tracked, remoteValues(event.output.remote)) })),
            assign(({ context, event }) => ({
              remote: event.output.remote,
              analytics: event.output.analytics,
              tracked: { ...context.tracked, ...remoteValues(event.output.remote) },
              hasLoaded: true,
              error: null,
            })),
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    // spec C§9: remote flags polled every 420 s.
    ready: { after: { remotePoll: 'loading' } },
    // The last values stay in use; the next poll tries again.
    failed: { tags: 'error', after: { remotePoll: 'loading' } },
  },
});

export type FlagsProviderMachine = typeof flagsProviderMachine;
