import type { InspectionEvent } from 'xstate';
// The console's one auth client and the session actor built on it (spec A4.11, A9 Auth constants).
import { GoTrueClient } from '@supabase/auth-js';
import { createActor, type Actor } from 'xstate';
import { sessionMachine, type SessionMachine } from '../../machines/session.machine.ts';
import { AUTH_STORAGE_KEY } from '../domain/auth.ts';
import { KEPT_LOCAL_STORAGE_KEYS } from '../domain/storage-wipe.ts';
import {
  createAccessTokenGetter,
  defineMfaActors,
  defineSessionActors,
  defineSignInActors,
} from './auth-actors.ts';

/** The console is served under /dashboard; the auth service answers at the same origin (DESIGN §5). */
const DASHBOARD_BASE = '/dashboard';

function readFlag(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

// spec A4.11: the auth debug and lock-disabled flags survive the storage wipe; they tune the client here.
const lockDisabled = readFlag(KEPT_LOCAL_STORAGE_KEYS.authLockDisabled);

export const authClient = new GoTrueClient({
  url: `${location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  debug: readFlag(KEPT_LOCAL_STORAGE_KEYS.authDebug),
  ...(lockDisabled ? { lock: async <R,>(_name: string, _timeout: number, fn: () => Promise<R>) => fn() } : {}),
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
