// An auth client that loads @supabase/auth-js only when it is needed (issue 15: first-load JS). On a page load
// with no auth result in the URL and a stored session that auth-js would use as it is (or none at all), the
// session is read from storage here and announced as INITIAL_SESSION, exactly as auth-js would announce it; the
// real client is loaded when the user signs in/out, an MFA or password call runs, the token needs refreshing
// (before auth-js's own refresh margin), or another tab changes the stored session. Anything else goes to the
// real client straight away, so the URL tokens of confirmation, magic and recovery links are still read by
// auth-js (detectSessionInUrl, spec A4.11).
import type { AuthChangeEvent, GoTrueClient, Session, Subscription } from '@supabase/auth-js';
import type { AuthClient } from './auth-actors.ts';
import { HANDOVER_MARGIN_SECONDS } from '../domain/auth.ts';

export { HANDOVER_MARGIN_SECONDS } from '../domain/auth.ts';

/** Query or fragment keys by which auth-js recognises an auth redirect (implicit grant, PKCE code, errors). */
const URL_AUTH_KEYS = ['access_token', 'refresh_token', 'error', 'error_description', 'error_code', 'code'];

export function urlCarriesAuthResult(href: string): boolean {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  return URL_AUTH_KEYS.some((key) => url.searchParams.has(key) || fragment.has(key));
}

/**
 * The stored session if auth-js would take it as it is at `nowSeconds` (complete and not within the refresh
 * margin), null when nothing is stored, undefined when auth-js must decide (refresh, unreadable value).
 */
export function storedSessionAsIs(raw: string | null, nowSeconds: number): Session | null | undefined {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const session = value as Partial<Session>;
  if (
    typeof session.access_token !== 'string' ||
    typeof session.refresh_token !== 'string' ||
    typeof session.expires_at !== 'number' ||
    typeof session.user !== 'object' ||
    session.user === null
  ) {
    return undefined;
  }
  if (session.expires_at - HANDOVER_MARGIN_SECONDS <= nowSeconds) return undefined;
  return session as Session;
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>;

export interface LazyAuthClientOptions {
  /** Imports auth-js and builds the real client (which starts its own initialize()). */
  load: () => Promise<GoTrueClient>;
  storage: Pick<Storage, 'getItem'>;
  storageKey: string;
  href: string;
  nowSeconds?: () => number;
  /** Calls back when the stored session changes in another tab (the `storage` event). */
  onStorageChange?: (callback: () => void) => void;
  setTimer?: (callback: () => void, ms: number) => void;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

export function createLazyAuthClient({
  load,
  storage,
  storageKey,
  href,
  nowSeconds = () => Date.now() / 1000,
  onStorageChange = (callback) =>
    globalThis.addEventListener?.('storage', (event: StorageEvent) => {
      if (event.key === storageKey || event.key === null) callback();
    }),
  setTimer = (callback, ms) => void setTimeout(callback, ms),
}: LazyAuthClientOptions): AuthClient & { readonly loaded: boolean } {
  const readStored = () => {
    try {
      return storedSessionAsIs(storage.getItem(storageKey), nowSeconds());
    } catch {
      return undefined;
    }
  };
  const initial = urlCarriesAuthResult(href) ? undefined : readStored();

  const listeners = new Map<Listener, Subscription | null>();
  /** The real client once built; `real` once it has announced the session to every listener. */
  let built: GoTrueClient | null = null;
  let real: GoTrueClient | null = null;
  let loading: Promise<GoTrueClient> | null = null;

  const realClient = (): Promise<GoTrueClient> => {
    loading ??= load().then(async (client) => {
      built = client;
      // Each listener subscribes to auth-js itself, which announces INITIAL_SESSION to it (as on a first load).
      for (const listener of listeners.keys()) {
        listeners.set(listener, client.onAuthStateChange(listener).data.subscription);
      }
      // auth-js announces INITIAL_SESSION to subscribers in order: once this one has heard it, so have the
      // listeners above, and a sign-in that follows cannot be overtaken by a stale INITIAL_SESSION.
      await new Promise<void>((resolve) => {
        const { data } = client.onAuthStateChange(() => {
          queueMicrotask(() => data.subscription.unsubscribe());
          resolve();
        });
      });
      real = client;
      return client;
    });
    return loading;
  };

  if (initial === undefined) {
    void realClient();
  } else {
    onStorageChange(() => void realClient());
    if (initial) {
      const ms = (initial.expires_at! - HANDOVER_MARGIN_SECONDS - nowSeconds()) * 1000;
      setTimer(() => void realClient(), Math.max(0, Math.min(ms, MAX_TIMER_MS)));
    }
  }

  function forward<K extends 'signOut' | 'signInWithPassword' | 'signInWithOtp' | 'verifyOtp' | 'signUp' | 'resetPasswordForEmail' | 'updateUser'>(
    name: K,
  ): GoTrueClient[K] {
    return ((...args: unknown[]) =>
      realClient().then((client) => (client[name] as (...a: unknown[]) => unknown).apply(client, args))) as GoTrueClient[K];
  }

  const mfa = new Proxy({} as GoTrueClient['mfa'], {
    // Only method names: not `then` (the object must not look like a promise) nor symbols.
    get: (_target, name) => {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return (...args: unknown[]) =>
        realClient().then((client) => {
          const method = client.mfa[name as keyof GoTrueClient['mfa']] as unknown as (...a: unknown[]) => unknown;
          return method.apply(client.mfa, args);
        });
    },
  });

  let nextId = 0;
  const onAuthStateChange = (listener: Listener) => {
    const id = Symbol(`lazy-auth-${nextId++}`);
    if (built) {
      listeners.set(listener, built.onAuthStateChange(listener).data.subscription);
    } else {
      listeners.set(listener, null);
      // Announced after the caller has its subscription, as auth-js does.
      if (initial !== undefined && !loading) {
        queueMicrotask(() => {
          if (listeners.has(listener) && !loading) void listener('INITIAL_SESSION', initial);
        });
      }
    }
    const subscription: Subscription = {
      id,
      callback: listener as Subscription['callback'],
      unsubscribe: () => {
        listeners.get(listener)?.unsubscribe();
        listeners.delete(listener);
      },
    };
    return { data: { subscription } };
  };

  return {
    get loaded() {
      return real !== null;
    },
    onAuthStateChange: onAuthStateChange as GoTrueClient['onAuthStateChange'],
    initialize: (async () => {
      if (initial !== undefined && !loading) return { error: null };
      return (await realClient()).initialize();
    }) as GoTrueClient['initialize'],
    getSession: (async () => {
      if (!loading) {
        const stored = readStored();
        if (stored !== undefined) return { data: { session: stored }, error: null };
      }
      return (await realClient()).getSession();
    }) as GoTrueClient['getSession'],
    signOut: forward('signOut'),
    signInWithPassword: forward('signInWithPassword'),
    signInWithOtp: forward('signInWithOtp'),
    verifyOtp: forward('verifyOtp'),
    signUp: forward('signUp'),
    resetPasswordForEmail: forward('resetPasswordForEmail'),
    updateUser: forward('updateUser'),
    mfa,
  };
}
