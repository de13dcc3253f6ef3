// Theme machine (spec A4.14): examples, generated paths with coverage, properties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type SnapshotFrom } from 'xstate';
import { themeMachine, type ThemeEvent } from '../machines/theme.machine.ts';
import {
  selectResolvedTheme,
  selectSystemTheme,
  selectThemeLoading,
  selectThemePreference,
} from '../machines/theme.selectors.ts';
import { THEME_PREFERENCES, type ResolvedTheme, type ThemePreference } from '../src/domain/theme.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type MachinePathsOptions } from './support/paths.ts';

type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

function themeFakes() {
  return controlledActors({
    readStoredPreference: 'promise',
    writePreference: 'promise',
    watchStoredPreference: 'callback',
    watchSystemTheme: 'callback',
  });
}

/** A started theme actor with controlled effects and a record of every theme applied. */
function startTheme(systemTheme: ResolvedTheme = 'dark') {
  const fakes = themeFakes();
  const applied: ResolvedTheme[] = [];
  const machine = themeMachine.provide({
    actors: fakes.logic,
    actions: { applyTheme: (_, { theme }) => void applied.push(theme) },
  });
  const actor = createActor(machine, { input: { systemTheme } }).start();
  return { actor, fakes, applied };
}

const lastWrite = (fakes: ReturnType<typeof themeFakes>) => fakes.starts('writePreference').at(-1)?.input;

describe('theme machine: examples', () => {
  it('paints the default, dark, at once and reads the stored preference', async () => {
    const { actor, fakes, applied } = startTheme('light');
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(selectThemePreference(actor.getSnapshot())).toBe('dark');
    expect(applied).toEqual(['dark']);
    expect(fakes.running().sort()).toEqual(['readStoredPreference', 'watchStoredPreference', 'watchSystemTheme']);

    await fakes.resolve('readStoredPreference', 'light');
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(selectResolvedTheme(actor.getSnapshot())).toBe('light');
    expect(applied).toEqual(['dark', 'light']);
    expect(fakes.starts('writePreference')).toEqual([]);
  });

  it('falls back to dark for an unknown stored value, a missing one, or unreadable storage', async () => {
    for (const outcome of [{ output: 'purple' }, { output: null }, { error: new Error('SecurityError') }]) {
      const { actor, fakes } = startTheme('light');
      if ('error' in outcome) await fakes.reject('readStoredPreference', outcome.error);
      else await fakes.resolve('readStoredPreference', outcome.output);
      expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
      expect(selectThemePreference(actor.getSnapshot())).toBe('dark');
      expect(selectResolvedTheme(actor.getSnapshot())).toBe('dark');
    }
  });

  it("follows the OS colour scheme when the preference is 'system', and writes the choice", async () => {
    const { actor, fakes, applied } = startTheme('light');
    await fakes.resolve('readStoredPreference', 'dark');
    actor.send({ type: 'theme.set', preference: 'system' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'writing' });
    expect(lastWrite(fakes)).toEqual({ preference: 'system' });
    expect(applied.at(-1)).toBe('light');

    fakes.emit('watchSystemTheme', { type: 'theme.systemChanged', systemTheme: 'dark' });
    expect(selectSystemTheme(actor.getSnapshot())).toBe('dark');
    expect(selectResolvedTheme(actor.getSnapshot())).toBe('dark');
    expect(applied.at(-1)).toBe('dark');

    await fakes.resolve('writePreference');
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('restarts the write when a newer choice comes in, so the last write is the last choice', async () => {
    const { actor, fakes } = startTheme();
    await fakes.resolve('readStoredPreference', null);
    actor.send({ type: 'theme.set', preference: 'light' });
    actor.send({ type: 'theme.set', preference: 'system' });
    expect(fakes.starts('writePreference').map((start) => start.input)).toEqual([{ preference: 'light' }, { preference: 'system' }]);
    expect(fakes.running()).toContain('writePreference');
    await fakes.resolve('writePreference');
    expect(fakes.isRunning('writePreference')).toBe(false);
  });

  it('takes a change from another tab without writing it back', async () => {
    const { actor, fakes, applied } = startTheme();
    await fakes.resolve('readStoredPreference', 'dark');
    fakes.emit('watchStoredPreference', { type: 'theme.storageChanged', value: 'light' });
    expect(selectThemePreference(actor.getSnapshot())).toBe('light');
    expect(applied.at(-1)).toBe('light');
    fakes.emit('watchStoredPreference', { type: 'theme.storageChanged', value: null });
    expect(selectThemePreference(actor.getSnapshot())).toBe('dark');
    expect(fakes.starts('writePreference')).toEqual([]);
  });

  it("lets the user's choice win over a read still pending", () => {
    const { actor, fakes } = startTheme();
    actor.send({ type: 'theme.set', preference: 'light' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'writing' });
    expect(fakes.isRunning('readStoredPreference')).toBe(false);
    expect(lastWrite(fakes)).toEqual({ preference: 'light' });
  });

  it('keeps the choice in this tab when the write fails', async () => {
    const { actor, fakes } = startTheme();
    await fakes.resolve('readStoredPreference', 'dark');
    actor.send({ type: 'theme.set', preference: 'light' });
    await fakes.reject('writePreference', new Error('QuotaExceededError'));
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(selectResolvedTheme(actor.getSnapshot())).toBe('light');
  });

  it('fails loudly when its effects are not provided', () => {
    const actor = createActor(themeMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toContain("the 'apply theme' action is not provided");
  });
});

describe('theme selectors', () => {
  const snapshotWith = (preference: ThemePreference, systemTheme: ResolvedTheme) =>
    themeMachine.resolveState({ value: { ready: 'idle' }, context: { preference, systemTheme } });

  it('resolve the theme from the preference and the OS scheme', () => {
    expect(selectResolvedTheme(snapshotWith('light', 'dark'))).toBe('light');
    expect(selectResolvedTheme(snapshotWith('dark', 'light'))).toBe('dark');
    expect(selectResolvedTheme(snapshotWith('system', 'light'))).toBe('light');
    expect(selectResolvedTheme(snapshotWith('system', 'dark'))).toBe('dark');
    expect(selectThemePreference(snapshotWith('system', 'dark'))).toBe('system');
    expect(selectSystemTheme(snapshotWith('system', 'light'))).toBe('light');
  });

  it('say whether the stored preference is still being read', () => {
    expect(selectThemeLoading(themeMachine.resolveState({ value: 'loading', context: { preference: 'dark', systemTheme: 'dark' } }))).toBe(true);
    expect(selectThemeLoading(snapshotWith('dark', 'dark'))).toBe(false);
  });
});

// ─── generated paths ────────────────────────────────────────────────────────────────────────────────────────────

const pathFakes = themeFakes();
let lastApplied: ResolvedTheme | undefined;

const events: MachinePathsOptions<typeof themeMachine>['events'] = [
  ...THEME_PREFERENCES.map((preference) => ({ type: 'theme.set', preference }) as const),
  ...['light', 'system', null, 'purple'].map((value) => ({ type: 'theme.storageChanged', value }) as const),
  { type: 'theme.systemChanged', systemTheme: 'light' },
  { type: 'theme.systemChanged', systemTheme: 'dark' },
  { type: 'xstate.done.actor.readStoredPreference', output: 'light' },
  { type: 'xstate.done.actor.readStoredPreference', output: 'system' },
  { type: 'xstate.error.actor.readStoredPreference', error: new Error('SecurityError') },
  { type: 'xstate.done.actor.writePreference' },
  { type: 'xstate.error.actor.writePreference', error: new Error('QuotaExceededError') },
];

describeMachinePaths('theme machine: generated paths', themeMachine, {
  actors: pathFakes,
  provide: { actions: { applyTheme: (_, { theme }) => void (lastApplied = theme) } },
  input: { systemTheme: 'dark' },
  events,
  // Preference × OS scheme × state makes a dense graph: simple paths would explode; shortest + edge paths cover it.
  simplePaths: false,
  invariants: {
    '*': (snapshot) => {
      const resolved = selectResolvedTheme(snapshot);
      expect(['light', 'dark']).toContain(resolved);
      expect(resolved).toBe(snapshot.context.preference === 'system' ? snapshot.context.systemTheme : snapshot.context.preference);
      expect(lastApplied).toBe(resolved);
      expect(pathFakes.isRunning('watchStoredPreference')).toBe(true);
      expect(pathFakes.isRunning('watchSystemTheme')).toBe(true);
    },
    loading: (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.preference).toBe('dark');
      expect(pathFakes.isRunning('readStoredPreference')).toBe(true);
    },
    'ready.idle': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(pathFakes.running().sort()).toEqual(['watchStoredPreference', 'watchSystemTheme']);
    },
    'ready.writing': (snapshot) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(pathFakes.isRunning('writePreference')).toBe(true);
      expect(pathFakes.starts('writePreference').at(-1)?.input).toEqual({ preference: snapshot.context.preference });
    },
  },
});

// ─── properties ─────────────────────────────────────────────────────────────────────────────────────────────────

type Command =
  | { kind: 'send'; event: ThemeEvent }
  | { kind: 'settleRead'; value: unknown; fail: boolean }
  | { kind: 'settleWrite'; fail: boolean };

const preferenceArb = fc.constantFrom(...THEME_PREFERENCES);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  preferenceArb.map((preference) => ({ kind: 'send' as const, event: { type: 'theme.set' as const, preference } })),
  fc
    .oneof(preferenceArb, fc.constant(null), fc.string({ maxLength: 8 }))
    .map((value) => ({ kind: 'send' as const, event: { type: 'theme.storageChanged' as const, value } })),
  fc
    .constantFrom<ResolvedTheme>('light', 'dark')
    .map((systemTheme) => ({ kind: 'send' as const, event: { type: 'theme.systemChanged' as const, systemTheme } })),
  fc.record({ kind: fc.constant('settleRead' as const), value: fc.oneof(preferenceArb, fc.constant(null), fc.string()), fail: fc.boolean() }),
  fc.record({ kind: fc.constant('settleWrite' as const), fail: fc.boolean() }),
);

describe('theme machine: properties', () => {
  it('always paints light or dark, equal to the preference unless system; the last write is the last choice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<ResolvedTheme>('light', 'dark'), fc.array(commandArb, { maxLength: 30 }), async (system, commands) => {
        const { actor, fakes, applied } = startTheme(system);
        // The model: what the user chose last in this tab, unless another tab changed it since.
        let chosenHere: ThemePreference | undefined;
        for (const command of commands) {
          if (command.kind === 'send') {
            actor.send(command.event);
            if (command.event.type === 'theme.set') chosenHere = command.event.preference;
            if (command.event.type === 'theme.storageChanged') chosenHere = undefined;
          } else if (command.kind === 'settleRead' && fakes.isRunning('readStoredPreference')) {
            if (command.fail) await fakes.reject('readStoredPreference', new Error('blocked'));
            else await fakes.resolve('readStoredPreference', command.value);
          } else if (command.kind === 'settleWrite' && fakes.isRunning('writePreference')) {
            if (command.fail) await fakes.reject('writePreference', new Error('full'));
            else await fakes.resolve('writePreference');
          }
          const snapshot: ThemeSnapshot = actor.getSnapshot();
          const { preference, systemTheme } = snapshot.context;
          const resolved = selectResolvedTheme(snapshot);
          expect(['light', 'dark']).toContain(resolved);
          expect(resolved).toBe(preference === 'system' ? systemTheme : preference);
          expect(applied.at(-1)).toBe(resolved);
          if (chosenHere !== undefined) {
            expect(preference).toBe(chosenHere);
            expect(lastWrite(fakes)).toEqual({ preference });
          }
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
