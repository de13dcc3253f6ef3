import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, type AnyActorLogic } from 'xstate';
import { createAccessTokenGetter, defineMfaActors, defineSessionActors, defineSignInActors, standingAfterSignIn, type AuthClient } from './auth-actors.ts';
import { KEPT_LOCAL_STORAGE_KEYS } from '../domain/storage-wipe.ts';

type Listener = (event: string, session: unknown) => void;

function fakeClient(overrides: Record<string, unknown> = {}) {
  const listeners: Listener[] = [];
  const unsubscribe = vi.fn();
  const client = {
    onAuthStateChange: vi.fn((cb: Listener) => {
      listeners.push(cb);
      return { data: { subscription: { unsubscribe } } };
    }),
    initialize: vi.fn(async () => ({ error: null })),
    getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    signOut: vi.fn(async () => ({ error: null })),
    signInWithPassword: vi.fn(),
    signInWithOtp: vi.fn(async () => ({ data: {}, error: null })),
    verifyOtp: vi.fn(),
    signUp: vi.fn(),
    resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })),
    updateUser: vi.fn(async () => ({ data: {}, error: null })),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(),
      listFactors: vi.fn(),
      enroll: vi.fn(),
      challengeAndVerify: vi.fn(async () => ({ data: {}, error: null })),
      unenroll: vi.fn(async () => ({ data: {}, error: null })),
    },
    ...overrides,
  };
  return { client, listeners, unsubscribe, asClient: client as unknown as AuthClient };
}

/** Runs one promise logic to its end. */
function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const actor = createActor(logic, { input });
    actor.subscribe({ complete: () => resolve(actor.getSnapshot().output as T), error: reject });
    actor.start();
  });
}

const urls = { signIn: 'http://x/dashboard/sign-in', resetPassword: 'http://x/dashboard/forgot-password' };

describe('session actors', () => {
  it('the listener forwards auth events, reports an init error and unsubscribes', async () => {
    const f = fakeClient({ initialize: vi.fn(async () => ({ error: { message: 'Invalid JWT signature' } })) });
    const { authListener } = defineSessionActors(f.asClient, { length: 0, key: () => null, removeItem: () => {} });
    const received: unknown[] = [];
    const parent = setup({ actors: { authListener } }).createMachine({
      invoke: { src: 'authListener' },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent).start();
    f.listeners[0]!('SIGNED_IN', { access_token: 't', user: { id: 'u' } });
    await Promise.resolve();
    await Promise.resolve();
    expect(received).toEqual([
      { type: 'session.changed', event: 'SIGNED_IN', session: { access_token: 't', user: { id: 'u' } } },
      { type: 'session.initFailed', error: { message: 'Invalid JWT signature' } },
    ]);
    actor.stop();
    expect(f.unsubscribe).toHaveBeenCalled();
    void fromCallback;
  });

  it('checkAssurance passes the token so auth-js does not take its lock', async () => {
    const f = fakeClient();
    f.client.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null });
    const { checkAssurance } = defineSessionActors(f.asClient, { length: 0, key: () => null, removeItem: () => {} });
    await expect(run(checkAssurance, { session: { access_token: 'jwt' } })).resolves.toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(f.client.mfa.getAuthenticatorAssuranceLevel).toHaveBeenCalledWith('jwt');
  });

  it('signOut passes the scope, ignores 401/403/404 and rethrows the rest', async () => {
    const f = fakeClient();
    const { signOut } = defineSessionActors(f.asClient, { length: 0, key: () => null, removeItem: () => {} });
    await run(signOut, { scope: 'others' });
    expect(f.client.signOut).toHaveBeenCalledWith({ scope: 'others' });
    f.client.signOut.mockResolvedValueOnce({ error: { status: 403, message: 'forbidden' } } as never);
    await expect(run(signOut, { scope: 'global' })).resolves.toBeUndefined();
    f.client.signOut.mockResolvedValueOnce({ error: { status: 500, message: 'boom' } } as never);
    await expect(run(signOut, { scope: 'global' })).rejects.toEqual({ status: 500, message: 'boom' });
  });

  it('wipeStorage wipes the given storage', async () => {
    const keys = ['theme', 'junk'];
    const storage = { get length() { return keys.length; }, key: (i: number) => keys[i] ?? null, removeItem: (k: string) => void keys.splice(keys.indexOf(k), 1) };
    const { wipeStorage } = defineSessionActors(fakeClient().asClient, storage);
    await run(wipeStorage);
    expect(keys).toEqual(['theme']);
  });

  it('the access-token getter uses the cached session unless it expires within 30 s', async () => {
    const f = fakeClient();
    let now = 1000;
    f.client.getSession.mockResolvedValue({ data: { session: { access_token: 'fresh', expires_at: 5000 } }, error: null } as never);
    const getToken = createAccessTokenGetter(f.asClient, () => now);
    expect(await getToken()).toBe('fresh'); // nothing cached: fetched
    expect(f.client.getSession).toHaveBeenCalledTimes(1);
    f.listeners[0]!('TOKEN_REFRESHED', { access_token: 'cached', expires_at: 1100 });
    expect(await getToken()).toBe('cached');
    expect(f.client.getSession).toHaveBeenCalledTimes(1);
    now = 1075; // 25 s left
    expect(await getToken()).toBe('fresh');
    expect(f.client.getSession).toHaveBeenCalledTimes(2);
    f.listeners[0]!('SIGNED_OUT', null);
    f.client.getSession.mockResolvedValue({ data: { session: null }, error: null } as never);
    expect(await getToken()).toBeNull();
  });
});

describe('sign-in actors', () => {
  it('password sign-in: needsMfa with the verified TOTP factor; remembers the method', async () => {
    const f = fakeClient();
    const storage = { setItem: vi.fn() };
    f.client.signInWithPassword.mockResolvedValue({
      data: { user: { id: 'u', factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] }, session: {} },
      error: null,
    });
    const { signInWithPassword } = defineSignInActors(f.asClient, urls, storage);
    await expect(run(signInWithPassword, { email: 'a@b.c', password: 'p' })).resolves.toEqual({ status: 'needsMfa', factorId: 'f1' });
    expect(storage.setItem).toHaveBeenCalledWith(KEPT_LOCAL_STORAGE_KEYS.lastSignInMethod, 'email');
  });

  it('password sign-in errors are thrown as auth-js gives them', async () => {
    const f = fakeClient();
    const error = { message: 'Invalid login credentials', status: 400 };
    f.client.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error });
    const { signInWithPassword } = defineSignInActors(f.asClient, urls);
    await expect(run(signInWithPassword, { email: 'a@b.c', password: 'p' })).rejects.toBe(error);
  });

  it('standing after sign-in', () => {
    expect(standingAfterSignIn({ id: 'u', factors: [] })).toEqual({ status: 'signedIn' });
    expect(standingAfterSignIn({ id: 'u', factors: [{ id: 'f', factor_type: 'totp', status: 'unverified' }] })).toEqual({ status: 'signedIn' });
    expect(standingAfterSignIn({ id: 'u', factors: [{ id: 'p', factor_type: 'phone', status: 'verified' }] })).toEqual({ status: 'needsMfa', factorId: null });
  });

  it('e-mail code: no new users, link back to the sign-in page; code verified as type email', async () => {
    const f = fakeClient();
    f.client.verifyOtp.mockResolvedValue({ data: { user: { id: 'u', factors: [] }, session: {} }, error: null });
    const actors = defineSignInActors(f.asClient, urls);
    await run(actors.sendEmailCode, { email: 'a@b.c' });
    expect(f.client.signInWithOtp).toHaveBeenCalledWith({ email: 'a@b.c', options: { shouldCreateUser: false, emailRedirectTo: urls.signIn } });
    await expect(run(actors.verifyEmailCode, { email: 'a@b.c', code: '123456' })).resolves.toEqual({ status: 'signedIn' });
    expect(f.client.verifyOtp).toHaveBeenCalledWith({ email: 'a@b.c', token: '123456', type: 'email' });
  });

  it('sign-up without a session asks to confirm the e-mail', async () => {
    const f = fakeClient();
    f.client.signUp.mockResolvedValue({ data: { user: { id: 'u' }, session: null }, error: null });
    const { signUp } = defineSignInActors(f.asClient, urls);
    await expect(run(signUp, { email: 'a@b.c', password: 'p' })).resolves.toEqual({ status: 'confirmEmail' });
    // The confirmation link lands on the sign-in page, which picks the session up from the URL (issue 13 #6).
    expect(f.client.signUp).toHaveBeenCalledWith({ email: 'a@b.c', password: 'p', options: { emailRedirectTo: urls.signIn } });
  });

  it('reset mail lands on the forgot-password page; update sets the password', async () => {
    const f = fakeClient();
    const actors = defineSignInActors(f.asClient, urls);
    await run(actors.sendPasswordReset, { email: 'a@b.c' });
    expect(f.client.resetPasswordForEmail).toHaveBeenCalledWith('a@b.c', { redirectTo: urls.resetPassword });
    await run(actors.updatePassword, { password: 'new' });
    expect(f.client.updateUser).toHaveBeenCalledWith({ password: 'new' });
  });

  it('TOTP: picks the verified factor when none is given', async () => {
    const f = fakeClient();
    f.client.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [{ id: 'f9' }] }, error: null });
    const { verifyTotp } = defineSignInActors(f.asClient, urls);
    await run(verifyTotp, { factorId: null, code: '123456' });
    expect(f.client.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f9', code: '123456' });
  });
});

describe('MFA actors', () => {
  it('enrols a TOTP factor for Strata and maps the reply', async () => {
    const f = fakeClient();
    f.client.mfa.enroll.mockResolvedValue({
      data: { id: 'f2', type: 'totp', friendly_name: 'Laptop', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'S', uri: 'otpauth://x' } },
      error: null,
    });
    const { enrolTotp } = defineMfaActors(f.asClient);
    await expect(run(enrolTotp, { friendlyName: 'Laptop' })).resolves.toEqual({
      factorId: 'f2', friendlyName: 'Laptop', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'S', uri: 'otpauth://x',
    });
    expect(f.client.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', issuer: 'Strata', friendlyName: 'Laptop' });
  });

  it('lists all factors; unenrols; verifies', async () => {
    const f = fakeClient();
    f.client.mfa.listFactors.mockResolvedValue({ data: { all: [{ id: 'a' }], totp: [] }, error: null });
    const actors = defineMfaActors(f.asClient);
    await expect(run(actors.listFactors)).resolves.toEqual([{ id: 'a' }]);
    await run(actors.unenrolFactor, { factorId: 'a' });
    expect(f.client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'a' });
    await run(actors.verifyFactor, { factorId: 'a', code: '123456' });
    expect(f.client.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'a', code: '123456' });
  });
});
