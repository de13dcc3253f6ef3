import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { describe, expect, it, vi } from 'vitest';
import { createLazyAuthClient, HANDOVER_MARGIN_SECONDS, storedSessionAsIs, urlCarriesAuthResult } from './lazy-auth-client.ts';

const NOW = 1_800_000_000;
const KEY = 'strata.dashboard.auth.token';

function session(expiresAt: number): Session {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_at: expiresAt,
    expires_in: expiresAt - NOW,
    token_type: 'bearer',
    user: { id: 'u1', email: 'a@example.com' },
  } as unknown as Session;
}

type Callback = (event: AuthChangeEvent, session: Session | null) => void;

/** A stand-in for GoTrueClient: announces INITIAL_SESSION (its own session) to each subscriber, later. */
function fakeRealClient(current: Session | null) {
  const subscribers = new Set<Callback>();
  const client = {
    subscribers,
    onAuthStateChange: vi.fn((callback: Callback) => {
      subscribers.add(callback);
      setTimeout(() => callback('INITIAL_SESSION', current), 0);
      return { data: { subscription: { id: 'x', callback, unsubscribe: () => subscribers.delete(callback) } } };
    }),
    initialize: vi.fn(async () => ({ error: null })),
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    signInWithPassword: vi.fn(async () => {
      current = session(NOW + 3600);
      for (const callback of subscribers) callback('SIGNED_IN', current);
      return { data: { user: current.user, session: current }, error: null };
    }),
    mfa: { listFactors: vi.fn(async () => ({ data: { all: [], totp: [] }, error: null })) },
  };
  return client;
}

function setUp({ stored, href = 'http://localhost/dashboard/sign-in', real = fakeRealClient(null) }: { stored: Session | null | string; href?: string; real?: ReturnType<typeof fakeRealClient> }) {
  const load = vi.fn(async () => real as unknown as GoTrueClient);
  const timers: { callback: () => void; ms: number }[] = [];
  let storageChanged: (() => void) | null = null;
  const raw = stored === null ? null : typeof stored === 'string' ? stored : JSON.stringify(stored);
  const client = createLazyAuthClient({
    load,
    storage: { getItem: (key) => (key === KEY ? raw : null) },
    storageKey: KEY,
    href,
    nowSeconds: () => NOW,
    onStorageChange: (callback) => {
      storageChanged = callback;
    },
    setTimer: (callback, ms) => timers.push({ callback, ms }),
  });
  return { client, load, real, timers, storageChanged: () => storageChanged?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('urlCarriesAuthResult', () => {
  it('sees the tokens and errors auth-js reads from the fragment or the query', () => {
    expect(urlCarriesAuthResult('http://h/dashboard/sign-in#access_token=a&refresh_token=b&type=magiclink')).toBe(true);
    expect(urlCarriesAuthResult('http://h/dashboard/sign-in#error=access_denied&error_description=expired')).toBe(true);
    expect(urlCarriesAuthResult('http://h/dashboard/sign-in?code=abc')).toBe(true);
    expect(urlCarriesAuthResult('http://h/dashboard/project/abc?tab=x#section')).toBe(false);
  });
});

describe('storedSessionAsIs', () => {
  it('takes a complete session outside the refresh margin, nothing as null, anything else as undecided', () => {
    expect(storedSessionAsIs(null, NOW)).toBeNull();
    expect(storedSessionAsIs(JSON.stringify(session(NOW + 3600)), NOW)?.access_token).toBe('access');
    expect(storedSessionAsIs(JSON.stringify(session(NOW + HANDOVER_MARGIN_SECONDS)), NOW)).toBeUndefined();
    expect(storedSessionAsIs(JSON.stringify({ ...session(NOW + 3600), refresh_token: undefined }), NOW)).toBeUndefined();
    expect(storedSessionAsIs('{not json', NOW)).toBeUndefined();
  });
});

describe('createLazyAuthClient', () => {
  it('announces a usable stored session without loading auth-js, and hands over before the refresh margin', async () => {
    const stored = session(NOW + 3600);
    const { client, load, timers } = setUp({ stored, real: fakeRealClient(stored) });
    const events: [AuthChangeEvent, string | undefined][] = [];
    client.onAuthStateChange((event, s) => void events.push([event, s?.access_token]));
    expect(await client.initialize()).toEqual({ error: null });
    expect((await client.getSession()).data.session?.access_token).toBe('access');
    await settle();
    expect(events).toEqual([['INITIAL_SESSION', 'access']]);
    expect(load).not.toHaveBeenCalled();
    expect(timers).toEqual([{ callback: expect.any(Function), ms: (3600 - HANDOVER_MARGIN_SECONDS) * 1000 }]);

    timers[0]!.callback();
    // auth-js announces on its own timer: wait for the hand-over, not a fixed delay (a loaded CI machine was slower).
    await vi.waitFor(() => expect(client.loaded).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    // The listener now hears auth-js (which announces the session again, then refreshes it on its own).
    expect(events).toEqual([
      ['INITIAL_SESSION', 'access'],
      ['INITIAL_SESSION', 'access'],
    ]);
  });

  it('loads auth-js at once when the URL carries an auth result (confirmation, magic and recovery links)', async () => {
    const { client, load, real } = setUp({
      stored: session(NOW + 3600),
      href: 'http://localhost/dashboard/sign-in#access_token=a&refresh_token=b&expires_in=3600&type=signup',
    });
    const events: AuthChangeEvent[] = [];
    client.onAuthStateChange((event) => void events.push(event));
    await client.initialize();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.initialize).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(client.loaded).toBe(true));
    await settle();
    // Only auth-js announces the session: nothing read from storage here.
    expect(events).toEqual(['INITIAL_SESSION']);
  });

  it('loads auth-js at once when the stored session is within the refresh margin or unreadable', async () => {
    expect(setUp({ stored: session(NOW + 60) }).load).toHaveBeenCalledTimes(1);
    expect(setUp({ stored: '{"access_token":' }).load).toHaveBeenCalledTimes(1);
  });

  it('signed out: announces no session, loads auth-js for the sign-in, whose SIGNED_IN follows INITIAL_SESSION', async () => {
    const { client, load, real } = setUp({ stored: null });
    const events: [AuthChangeEvent, string | undefined][] = [];
    client.onAuthStateChange((event, s) => void events.push([event, s?.access_token]));
    await client.initialize();
    await settle();
    expect(events).toEqual([['INITIAL_SESSION', undefined]]);
    expect(load).not.toHaveBeenCalled();

    const result = await client.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    expect(result.error).toBeNull();
    expect(real.signInWithPassword).toHaveBeenCalledWith({ email: 'a@example.com', password: 'pw' });
    expect(events).toEqual([
      ['INITIAL_SESSION', undefined],
      ['INITIAL_SESSION', undefined],
      ['SIGNED_IN', 'access'],
    ]);
    // MFA calls reach the real client's mfa API.
    expect((await client.mfa.listFactors()).error).toBeNull();
    expect(real.mfa.listFactors).toHaveBeenCalledTimes(1);
    // The MFA API is not mistaken for a promise (an async function may return it).
    expect(await Promise.resolve(client.mfa)).toBe(client.mfa);
  });

  it('loads auth-js when another tab changes the stored session, so its sign-in or sign-out reaches this tab', async () => {
    const { client, load, storageChanged } = setUp({ stored: null, real: fakeRealClient(session(NOW + 3600)) });
    const events: [AuthChangeEvent, string | undefined][] = [];
    client.onAuthStateChange((event, s) => void events.push([event, s?.access_token]));
    await settle();
    storageChanged();
    await vi.waitFor(() => expect(client.loaded).toBe(true));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(events).toEqual([
      ['INITIAL_SESSION', undefined],
      ['INITIAL_SESSION', 'access'],
    ]);
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const { client, real } = setUp({ stored: null });
    const listener = vi.fn();
    const { data } = client.onAuthStateChange(listener);
    data.subscription.unsubscribe();
    await client.signInWithPassword({ email: 'a@example.com', password: 'pw' });
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(real.subscribers.size).toBe(0);
  });
});
