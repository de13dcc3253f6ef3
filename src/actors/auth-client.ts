// The console's one GoTrueClient (spec A4.11, A9 Auth constants). Loaded on demand by src/actors/session.ts
// through the lazy client of lazy-auth-client.ts, so that @supabase/auth-js is not part of the first load (issue 15).
import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from '../domain/auth.ts';
import { KEPT_LOCAL_STORAGE_KEYS } from '../domain/storage-wipe.ts';

function readFlag(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function createAuthClient(): GoTrueClient {
  // spec A4.11: the auth debug and lock-disabled flags survive the storage wipe; they tune the client here.
  const lockDisabled = readFlag(KEPT_LOCAL_STORAGE_KEYS.authLockDisabled);
  return new GoTrueClient({
    url: `${location.origin}/auth/v1`,
    storageKey: AUTH_STORAGE_KEY,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    debug: readFlag(KEPT_LOCAL_STORAGE_KEYS.authDebug),
    ...(lockDisabled ? { lock: async <R,>(_name: string, _timeout: number, fn: () => Promise<R>) => fn() } : {}),
  });
}
