// Theme preference: light, dark or system; stored under 'theme'; synced across tabs; dark by default (spec A4.14).
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import {
  DEFAULT_THEME_PREFERENCE,
  readThemePreference,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from '../src/domain/theme.ts';
import { notProvided, notProvidedStub } from './support.ts';

export interface ThemeContext {
  preference: ThemePreference;
  /** The OS colour scheme, followed when the preference is 'system'. */
  systemTheme: ResolvedTheme;
}

export interface ThemeInput {
  /** The OS colour scheme at start (read by the caller: machines never touch the DOM). */
  systemTheme?: ResolvedTheme;
}

/** The user picks a preference (header menu / command menu). */
export interface ThemeSetEvent {
  type: 'theme.set';
  preference: ThemePreference;
}
/** Another tab changed the stored value (raw: null when removed, anything else when tampered with). */
export interface ThemeStorageChangedEvent {
  type: 'theme.storageChanged';
  value: string | null;
}
/** The OS colour scheme changed. */
export interface ThemeSystemChangedEvent {
  type: 'theme.systemChanged';
  systemTheme: ResolvedTheme;
}
export type ThemeEvent = ThemeSetEvent | ThemeStorageChangedEvent | ThemeSystemChangedEvent;

export type ThemeTag = 'busy';

const resolvedTheme = ({ context }: { context: ThemeContext }) => ({
  theme: resolveTheme(context.preference, context.systemTheme),
});

export const themeMachine = setup({
  types: {} as {
    context: ThemeContext;
    events: ThemeEvent;
    input: ThemeInput | undefined;
    tags: ThemeTag;
  },
  actors: {
    /** Resolves with the raw stored value (string or null). */
    readStoredPreference: fromPromise<unknown>(notProvidedStub('read stored theme')),
    writePreference: fromPromise<void, { preference: ThemePreference }>(notProvidedStub('write theme')),
    /** Sends theme.storageChanged when another tab writes the key. */
    watchStoredPreference: fromCallback<EventObject>(notProvidedStub('watch stored theme')),
    /** Sends theme.systemChanged when the OS colour scheme changes. */
    watchSystemTheme: fromCallback<EventObject>(notProvidedStub('watch system theme')),
  },
  actions: {
    /** Paints the page in the resolved theme (the real one sets <html data-theme>). */
    applyTheme: (_, _params: { theme: ResolvedTheme }) => {
      notProvided('apply theme', 'action');
    },
    storePreference: assign({ preference: (_, params: { preference: ThemePreference }) => params.preference }),
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    preference: DEFAULT_THEME_PREFERENCE,
    systemTheme: input?.systemTheme ?? 'dark',
  }),
  // Paint the default at once; the stored preference replaces it within a microtask, before the first paint.
  entry: { type: 'applyTheme', params: resolvedTheme },
  invoke: [
    { id: 'watchStoredPreference', src: 'watchStoredPreference' },
    { id: 'watchSystemTheme', src: 'watchSystemTheme' },
  ],
  on: {
    'theme.systemChanged': {
      actions: [
        assign({ systemTheme: ({ event }) => event.systemTheme }),
        { type: 'applyTheme', params: resolvedTheme },
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readStoredPreference',
        src: 'readStoredPreference',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storePreference', params: ({ event }) => ({ preference: readThemePreference(event.output) }) },
            { type: 'applyTheme', params: resolvedTheme },
          ],
        },
        // Storage unavailable (private mode, blocked): keep the default.
        onError: 'ready',
      },
      on: {
        // The user's choice wins over a read still pending.
        'theme.set': {
          target: 'ready.writing',
          actions: [
            { type: 'storePreference', params: ({ event }) => ({ preference: event.preference }) },
            { type: 'applyTheme', params: resolvedTheme },
          ],
        },
        'theme.storageChanged': {
          target: 'ready',
          actions: [
            { type: 'storePreference', params: ({ event }) => ({ preference: readThemePreference(event.value) }) },
            { type: 'applyTheme', params: resolvedTheme },
          ],
        },
      },
    },
    ready: {
      initial: 'idle',
      on: {
        // A newer choice restarts the write, so the last value written is the last value chosen.
        'theme.set': {
          target: '.writing',
          reenter: true,
          actions: [
            { type: 'storePreference', params: ({ event }) => ({ preference: event.preference }) },
            { type: 'applyTheme', params: resolvedTheme },
          ],
        },
        // Never written back: the other tab already stored it (and writing would echo between tabs).
        'theme.storageChanged': {
          actions: [
            { type: 'storePreference', params: ({ event }) => ({ preference: readThemePreference(event.value) }) },
            { type: 'applyTheme', params: resolvedTheme },
          ],
        },
      },
      states: {
        idle: {},
        writing: {
          tags: ['busy'],
          on: {
            // Another tab stored a newer value: drop our pending write, or it would land last and undo theirs.
            'theme.storageChanged': {
              target: 'idle',
              actions: [
                { type: 'storePreference', params: ({ event }) => ({ preference: readThemePreference(event.value) }) },
                { type: 'applyTheme', params: resolvedTheme },
              ],
            },
          },
          invoke: {
            id: 'writePreference',
            src: 'writePreference',
            input: ({ context }) => ({ preference: context.preference }),
            onDone: 'idle',
            // Not persisted (storage full or blocked); the tab keeps the chosen theme.
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type ThemeMachine = typeof themeMachine;
