// The flags provider (spec A4.12, C§9): examples, properties and generated paths.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { flagsProviderMachine, type FlagsProviderInput, type LoadedFlags } from '../machines/flags-provider.machine.ts';
import { selectFlagValues, selectFlagsLoaded } from '../machines/flags-provider.selectors.ts';
import { defaultFlags } from '../src/domain/navigation/flags.ts';
import { REMOTE_FLAGS_POLL_MS } from '../src/domain/signals.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { loadFlags: 'promise' } as const;
const input = (over: Partial<FlagsProviderInput> = {}): FlagsProviderInput => ({
  defaults: defaultFlags(),
  overrides: {},
  disableAll: false,
  sources: { remote: true, analytics: true },
  ...over,
});
const LOADED: LoadedFlags = { remote: [{ settingKey: 'unifiedLogs', settingValue: true }, { settingKey: 'reports:all', settingValue: false }], analytics: { homeNew: true } };

function start(over: Partial<FlagsProviderInput> = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(flagsProviderMachine.provide({ actors: fakes.logic }), { input: input(over) }).start();
  const tracked: unknown[] = [];
  actor.on('flags.track', (event) => tracked.push(event.changes));
  return { actor, fakes, tracked };
}

describe('flags provider: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads nothing until the session has settled; then remote flags for the e-mail, polled every 420 s', async () => {
    const { actor, fakes } = start();
    expect(fakes.starts()).toHaveLength(0);
    actor.send({ type: 'flags.session', settled: true, email: 'a@example.com' });
    expect(fakes.starts('loadFlags')[0]?.input).toEqual({ email: 'a@example.com', sources: { remote: true, analytics: true } });
    expect(selectFlagValues(actor.getSnapshot()).unifiedLogs).toBeUndefined();
    await fakes.resolve('loadFlags', LOADED);
    expect(selectFlagsLoaded(actor.getSnapshot())).toBe(true);
    expect(selectFlagValues(actor.getSnapshot())).toMatchObject({ unifiedLogs: true, reportsAll: false, projectAuthAll: true, brandingLargeLogo: false });
    vi.advanceTimersByTime(REMOTE_FLAGS_POLL_MS - 1);
    expect(fakes.starts('loadFlags')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('loadFlags')).toHaveLength(2);
    // An admin turned unifiedLogs off: the next poll brings it.
    await fakes.resolve('loadFlags', { remote: [{ settingKey: 'unifiedLogs', settingValue: false }], analytics: {} });
    expect(selectFlagValues(actor.getSnapshot()).unifiedLogs).toBe(false);
  });

  it('tracks a flag only when its value differs from the one tracked before', async () => {
    const { actor, fakes, tracked } = start({ tracked: { unifiedLogs: true } });
    actor.send({ type: 'flags.session', settled: true, email: null });
    await fakes.resolve('loadFlags', LOADED);
    expect(tracked).toEqual([[{ feature_flag_name: 'reportsAll', feature_flag_value: false }]]);
    vi.advanceTimersByTime(REMOTE_FLAGS_POLL_MS);
    await fakes.resolve('loadFlags', LOADED);
    expect(tracked[1]).toEqual([]);
  });

  it('the override cookie wins; ENABLED_FEATURES_OVERRIDE_DISABLE_ALL keeps capabilities off whatever the remote says', async () => {
    const { actor, fakes } = start({ overrides: { unifiedLogs: false }, defaults: defaultFlags(true), disableAll: true });
    actor.send({ type: 'flags.session', settled: true, email: 'a@example.com' });
    await fakes.resolve('loadFlags', { remote: [{ settingKey: 'unifiedLogs', settingValue: true }, { settingKey: 'billing:all', settingValue: true }], analytics: {} });
    const values = selectFlagValues(actor.getSnapshot());
    expect(values.unifiedLogs).toBe(false);
    expect(values.billingAll).toBe(false);
  });

  it('reloads when the e-mail changes; a failed load keeps the last values and retries at the next poll', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'flags.session', settled: true, email: 'a@example.com' });
    await fakes.resolve('loadFlags', LOADED);
    actor.send({ type: 'flags.session', settled: true, email: 'b@example.com' });
    expect(fakes.starts('loadFlags').at(-1)?.input.email).toBe('b@example.com');
    await fakes.reject('loadFlags', new Error('down'));
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(selectFlagValues(actor.getSnapshot()).unifiedLogs).toBe(true);
    vi.advanceTimersByTime(REMOTE_FLAGS_POLL_MS);
    expect(fakes.starts('loadFlags')).toHaveLength(3);
  });

  it('property: values are defaults, then remote (camelCase), then overrides — for any remote list and cookie', () => {
    const name = fc.constantFrom('unifiedLogs', 'reports:all', 'project_auth:all', 'homeNew', 'search:fullIndex');
    fc.assert(
      fc.property(
        fc.array(fc.record({ settingKey: name, settingValue: fc.oneof(fc.boolean(), fc.constant(null), fc.string(), fc.integer()) })),
        fc.dictionary(fc.constantFrom('unifiedLogs', 'reportsAll', 'homeNew'), fc.boolean()),
        (remote, overrides) => {
          const fakes = controlledActors(kinds);
          const actor = createActor(flagsProviderMachine.provide({ actors: fakes.logic }), { input: input({ overrides }) }).start();
          actor.send({ type: 'flags.session', settled: true, email: null });
          const snapshot = { ...actor.getSnapshot(), context: { ...actor.getSnapshot().context, remote } } as ReturnType<typeof actor.getSnapshot>;
          const values = selectFlagValues(snapshot);
          for (const [key, value] of Object.entries(overrides)) expect(values[key]).toBe(value);
          for (const value of Object.values(values)) expect(typeof value).toBe('boolean');
          actor.stop();
        },
      ),
      { numRuns: 100 },
    );
  });
});

const events: EventSample<typeof flagsProviderMachine>[] = [
  { type: 'flags.session', settled: true, email: 'a@example.com' },
  { type: 'flags.session', settled: true, email: 'b@example.com' },
  { type: 'flags.session', settled: false, email: null },
  { type: 'flags.enabled', enabled: false },
  { type: 'flags.enabled', enabled: true },
  { type: 'xstate.done.actor.loadFlags', output: LOADED },
  { type: 'xstate.error.actor.loadFlags', error: new Error('down') },
  { type: 'xstate.after.remotePoll.flagsProvider.ready' },
  { type: 'xstate.after.remotePoll.flagsProvider.failed' },
];
const invariants: Invariants<typeof flagsProviderMachine> = {
  waiting: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.enabled && s.context.sessionSettled).toBe(false);
  },
  loading: (s, { actors }) => {
    expect(actors?.running()).toEqual(['loadFlags']);
    expect(s.context.sessionSettled).toBe(true);
  },
  ready: (s) => {
    expect(selectFlagsLoaded(s)).toBe(true);
    expect(selectFlagValues(s).unifiedLogs).toBe(true);
  },
  failed: (s) => expect(s.context.error).toBe('down'),
};

describeMachinePaths('flags provider: generated paths', flagsProviderMachine, {
  events,
  invariants,
  input: input(),
  actors: controlledActors(kinds),
  serializeState: (s) => JSON.stringify({ value: s.value, c: { ...s.context, defaults: null } }),
  simplePaths: false,
  required: [
    'waiting --(always)--> loading',
    'loading --xstate.done.actor.loadFlags--> ready',
    'loading --xstate.error.actor.loadFlags--> failed',
    'ready --xstate.after.remotePoll.flagsProvider.ready--> loading',
    'failed --xstate.after.remotePoll.flagsProvider.failed--> loading',
  ],
});
