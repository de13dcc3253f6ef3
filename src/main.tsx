import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './ui/global.css.ts';
import { readConsoleConfig } from './config.ts';
import { createAppRouter } from './router.tsx';
import { setAccessTokenGetter } from './api/client.ts';
import { createSessionActor, getAccessToken } from './actors/session.ts';
import { createThemeActor } from './actors/theme.ts';
import { createSidebarActor } from './actors/sidebar.ts';
import { defaultFlags, flagOverridesFromCookie } from './domain/navigation/flags.ts';
import { createFlagStore } from './actors/flag-store.ts';
import { lazyActor } from './actors/lazy-actor.ts';
import { createTelemetryEvents } from './actors/telemetry-events.ts';
import { selectCanEnterConsole, selectIsSettled } from '../machines/session.selectors.ts';
import { watchConsoleEntry } from './actors/console-entry.ts';
import { maybeStartInspector } from './dev/inspector.ts';

// App-wide actors are created once here and handed to the router context (DESIGN §3).
const config = readConsoleConfig();
// Development only: ?inspect (or VITE_STRATA_INSPECT=1) opens the Stately inspector on every app-wide actor.
const inspect = await maybeStartInspector();
// spec A2.14: the theme sandbox is a developer tool; import.meta.env.DEV is false in a build, so it is never bundled.
if (import.meta.env.DEV) void import('./dev/theme-sandbox.ts').then(({ startThemeSandbox }) => startThemeSandbox());
const session = createSessionActor({ alwaysLoggedIn: config.mode === 'self-hosted', inspect });
setAccessTokenGetter(getAccessToken);
const theme = createThemeActor({ inspect });
const sidebar = createSidebarActor({ inspect });
// Feature flags (spec A4.12): the values the platform put into the page (its defaults, remote flags and the override
// cookie, merged as the flags provider merges them); without them (the development server) the defaults (all on but
// branding:large_logo; all off with ENABLED_FEATURES_OVERRIDE_DISABLE_ALL) with the override cookie on top. The flags
// provider (started after the first render, below) then loads the remote flags into the store.
const flags = config.flags ?? { ...defaultFlags(config.disableAllFeatures === true), ...flagOverridesFromCookie(document.cookie) };
const flagStore = createFlagStore(flags);
// The bell's actor (spec A4.8): app-wide, but its code (machine and calls) loads only when the bell first asks for
// it, 2.5 s after the header's first render or on the user's approach (issue 15: first-load weight).
const notifications = lazyActor(() => import('./actors/notifications.ts').then((m) => m.createNotificationsActor()));
// Custom telemetry events (spec A4.13): held until the telemetry queue starts below; nothing without the setting.
const telemetryEvents = createTelemetryEvents(config.telemetry === true);

const router = createAppRouter({ config, session, theme, sidebar, flagStore, notifications, telemetryEvents });

// Re-run route guards when the user signs in or out (in this tab or another one); not when the session first
// settles, which the guards already waited for.
watchConsoleEntry(session, { settled: selectIsSettled, canEnter: selectCanEnterConsole }, () => {
  // The notifications belong to the user who was signed in: the next bell starts a fresh actor.
  notifications.stop();
  // Memberships (the project layout's loader data) belong to the user who was signed in: invalidating re-reads them,
  // so another user never sees their roles.
  void router.invalidate();
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// Issue 21: flags provider, version notice, consent and telemetry come in their own chunk (~6 KB gzip) once the page
// has loaded and SIGNALS_DELAY_MS passed: the first load neither waits for nor carries it. Until
// then the views read the default flags and the override cookie.
const SIGNALS_DELAY_MS = 4000;
const startSignalsLater = () => {
  void import('./views/signals/startSignals.ts').then(({ startSignals }) => startSignals({ config, session, router, flagStore, telemetryEvents }));
};
window.addEventListener('load', () => setTimeout(startSignalsLater, SIGNALS_DELAY_MS), { once: true });
