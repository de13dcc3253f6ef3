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
import { selectCanEnterConsole, selectIsSettled } from '../machines/session.selectors.ts';
import { watchConsoleEntry } from './actors/console-entry.ts';
import { maybeStartInspector } from './dev/inspector.ts';

// App-wide actors are created once here and handed to the router context (DESIGN §3).
const config = readConsoleConfig();
// Development only: ?inspect (or VITE_STRATA_INSPECT=1) opens the Stately inspector on every app-wide actor.
const inspect = await maybeStartInspector();
const session = createSessionActor({ alwaysLoggedIn: config.mode === 'self-hosted', inspect });
setAccessTokenGetter(getAccessToken);
const theme = createThemeActor({ inspect });
const sidebar = createSidebarActor({ inspect });
// Feature flags: the defaults of spec A4.12 (all on but branding:large_logo) until the flags service exists,
// with the override cookie on top (e.g. {"postgresVersionSelector": true} for the resume dialog's versions).
const flags = { ...defaultFlags(), ...flagOverridesFromCookie(document.cookie) };

const router = createAppRouter({ config, session, theme, sidebar, flags });

// Re-run route guards when the user signs in or out (in this tab or another one); not when the session first
// settles, which the guards already waited for.
watchConsoleEntry(session, { settled: selectIsSettled, canEnter: selectCanEnterConsole }, () => {
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
