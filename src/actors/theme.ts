// Real effects of the theme machine (spec A4.14): local storage, the `storage` event of other tabs, the OS colour
// scheme through matchMedia, and <html data-theme> (read by the vanilla-extract themes in src/ui/theme.css.ts).
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject, type InspectionEvent } from 'xstate';
import { themeMachine } from '../../machines/theme.machine.ts';
import { THEME_STORAGE_KEY, THEME_SWITCHING_ATTRIBUTE, type ResolvedTheme, type ThemePreference } from '../domain/theme.ts';

export type ThemeActor = ActorRefFrom<typeof themeMachine>;

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): ResolvedTheme {
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

/**
 * Shows `theme` on <html data-theme>. A switch from another theme is drawn at once: without transitions, which would
 * otherwise fade each button's, tab's and field's colours over 120 ms after the page around them had already changed
 * (and leave the page animating after every switch). Transitions are turned off, the new colours are computed (a
 * forced style and layout update), and transitions are turned back on; colours that no longer change start none.
 */
export function applyThemeToDocument(root: HTMLElement, theme: ResolvedTheme): void {
  const previous = root.dataset.theme;
  if (previous === theme) return;
  if (previous === undefined) {
    root.dataset.theme = theme;
    return;
  }
  root.setAttribute(THEME_SWITCHING_ATTRIBUTE, '');
  root.dataset.theme = theme;
  void root.offsetHeight;
  root.removeAttribute(THEME_SWITCHING_ATTRIBUTE);
}

/** The theme machine with the browser's effects; `inspect` comes from src/dev/inspector.ts in development. */
export function createThemeActor(options: { inspect?: (event: InspectionEvent) => void } = {}): ThemeActor {
  const machine = themeMachine.provide({
    actors: {
      // localStorage throws when storage is blocked: the machine then keeps the default.
      readStoredPreference: fromPromise<unknown>(async () => window.localStorage.getItem(THEME_STORAGE_KEY)),
      writePreference: fromPromise<void, { preference: ThemePreference }>(async ({ input }) => {
        window.localStorage.setItem(THEME_STORAGE_KEY, input.preference);
      }),
      watchStoredPreference: fromCallback<EventObject>(({ sendBack }) => {
        // `storage` fires in the other tabs only; key null means the whole storage was cleared.
        const onStorage = (event: StorageEvent) => {
          if (event.storageArea !== window.localStorage) return;
          if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
          sendBack({ type: 'theme.storageChanged', value: event.key === null ? null : event.newValue });
        };
        window.addEventListener('storage', onStorage);
        return () => window.removeEventListener('storage', onStorage);
      }),
      watchSystemTheme: fromCallback<EventObject>(({ sendBack }) => {
        if (typeof window.matchMedia !== 'function') return undefined;
        const query = window.matchMedia(DARK_SCHEME_QUERY);
        const onChange = (event: MediaQueryListEvent) =>
          sendBack({ type: 'theme.systemChanged', systemTheme: event.matches ? 'dark' : 'light' });
        query.addEventListener('change', onChange);
        return () => query.removeEventListener('change', onChange);
      }),
    },
    actions: {
      applyTheme: (_, { theme }) => applyThemeToDocument(document.documentElement, theme),
    },
  });
  return createActor(machine, { input: { systemTheme: systemTheme() }, inspect: options.inspect }).start();
}
