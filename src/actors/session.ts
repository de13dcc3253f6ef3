import type { InspectionEvent } from 'xstate';
// The console's one auth client and the session actor built on it (spec A4.11, A9 Auth constants).
// @supabase/auth-js loads when it is needed (lazy-auth-client.ts): not on a first load with a usable stored
// session or none (issue 15).
import { createActor, type Actor } from 'xstate';
import { sessionMachine, type SessionMachine } from '../../machines/session.machine.ts';
import { AUTH_STORAGE_KEY } from '../domain/auth.ts';
import {
  createAccessTokenGetter,
  defineMfaActors,
  defineSessionActors,
  defineSignInActors,
} from './auth-actors.ts';
import { createLazyAuthClient } from './lazy-auth-client.ts';

/** The console is served under /dashboard; the auth service answers at the same origin (DESIGN §5). */
const DASHBOARD_BASE = '/dashboard';

export const authClient = createLazyAuthClient({
  load: () => import('./auth-client.ts').then(({ createAuthClient }) => createAuthClient()),
  storage: localStorage,
  storageKey: AUTH_STORAGE_KEY,
  href: location.href,
});

export type SessionActor = Actor<SessionMachine>;

/** The app-wide session actor (started). alwaysLoggedIn: self-hosted mode with a fixed empty session. */
export function createSessionActor({
  alwaysLoggedIn = false,
  inspect,
}: { alwaysLoggedIn?: boolean; inspect?: (event: InspectionEvent) => void } = {}): SessionActor {
  const machine = sessionMachine.provide({ actors: defineSessionActors(authClient, localStorage) });
  return createActor(machine, { input: { alwaysLoggedIn }, inspect }).start();
}

/** spec A4.11: the API client's bearer token. */
export const getAccessToken: () => Promise<string | null> = createAccessTokenGetter(authClient);

export const authUrls = {
  signIn: `${location.origin}${DASHBOARD_BASE}/sign-in`,
  resetPassword: `${location.origin}${DASHBOARD_BASE}/forgot-password`,
};

export const signInActors = defineSignInActors(authClient, authUrls, localStorage);
export const mfaActors = defineMfaActors(authClient);
