// Real effects of the session, sign-in and MFA machines, as factories over an auth-js client so that tests can
// hand in a fake client. src/actors/session.ts binds them to the console's one GoTrueClient.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  assuranceFromSession,
  isIgnorableSignOutError,
  needsSessionRefetch,
  verifiedFactors,
  type AssuranceResult,
  type AuthFactor,
  type AuthSession,
  type AuthUser,
  type TotpEnrolment,
} from '../domain/auth.ts';
import { KEPT_LOCAL_STORAGE_KEYS, wipeLocalStorage, type WipeableStorage } from '../domain/storage-wipe.ts';
import type { CheckAssuranceInput, SessionEvent, SignOutInput } from '../../machines/session.machine.ts';
import type {
  EmailCodeInput,
  EmailInput,
  EmailPasswordInput,
  PasswordInput,
  SignInResult,
  SignUpResult,
  TotpInput,
} from '../../machines/sign-in.machine.ts';
import type { EnrolTotpInput, UnenrolFactorInput, VerifyFactorInput } from '../../machines/mfa-enrol.machine.ts';

/** The part of GoTrueClient the console uses. */
export type AuthClient = Pick<
  GoTrueClient,
  | 'onAuthStateChange'
  | 'initialize'
  | 'getSession'
  | 'signOut'
  | 'signInWithPassword'
  | 'signInWithOtp'
  | 'verifyOtp'
  | 'signUp'
  | 'resetPasswordForEmail'
  | 'updateUser'
  | 'mfa'
>;

type KeyValueStorage = Pick<Storage, 'setItem'>;

// ─── Session (spec A4.11) ─────────────────────────────────────────────────────────────────────────────────────────

export function defineSessionActors(client: AuthClient, storage: WipeableStorage) {
  return {
    // Auth events arrive from this tab and, through auth-js, from the other tabs (spec A4.11).
    authListener: fromCallback<EventObject>(({ sendBack }) => {
      const { data } = client.onAuthStateChange((event, session) => {
        // Only record here: auth-js holds its lock while it calls back, so no auth call may run inside.
        const changed: SessionEvent = { type: 'session.changed', event, session: session as AuthSession | null };
        sendBack(changed);
      });
      client.initialize().then(
        ({ error }) => {
          if (error) sendBack({ type: 'session.initFailed', error } satisfies SessionEvent);
        },
        (error: unknown) => sendBack({ type: 'session.initFailed', error } satisfies SessionEvent),
      );
      return () => data.subscription.unsubscribe();
    }),
    // With the token given, auth-js reads aal from its claims and the factors from GET /user, outside its lock.
    checkAssurance: fromPromise<AssuranceResult, CheckAssuranceInput>(async ({ input }) => {
      // Read locally when the session carries the token's aal and the user's factors: one round trip less on
      // every page load (the server is still the one that verifies the token on each API call).
      const local = assuranceFromSession(input.session);
      if (local) return local;
      const { data, error } = await client.mfa.getAuthenticatorAssuranceLevel(input.session.access_token);
      if (error) throw error;
      return { currentLevel: data.currentLevel, nextLevel: data.nextLevel };
    }),
    signOut: fromPromise<void, SignOutInput>(async ({ input }) => {
      const { error } = await client.signOut({ scope: input.scope });
      // spec A8: on sign-out, 401, 403 and 404 are ignored.
      if (error && !isIgnorableSignOutError(error)) throw error;
    }),
    wipeStorage: fromPromise<void, void>(async () => {
      wipeLocalStorage(storage);
    }),
  };
}

/** spec A4.11: the access token for the API client; refetched when none is cached or it expires within 30 s. */
export function createAccessTokenGetter(
  client: Pick<AuthClient, 'onAuthStateChange' | 'getSession'>,
  nowSeconds: () => number = () => Date.now() / 1000,
): () => Promise<string | null> {
  let cached: Session | null = null;
  client.onAuthStateChange((_event, session) => {
    cached = session;
  });
  return async () => {
    if (needsSessionRefetch(cached as AuthSession | null, nowSeconds())) {
      const { data } = await client.getSession();
      cached = data.session;
    }
    return cached?.access_token ?? null;
  };
}

// ─── Sign-in forms (spec A4.11, A5, A8) ───────────────────────────────────────────────────────────────────────────

export type SignInUrls = {
  /** Where the e-mailed sign-in link lands (detectSessionInUrl picks the session up there). */
  signIn: string;
  /** Where the password-recovery link lands; auth-js then announces PASSWORD_RECOVERY. */
  resetPassword: string;
};

/** A verified factor on an aal1 session means the TOTP challenge comes next (spec A4.11 aal1 → aal2). */
export function standingAfterSignIn(user: AuthUser | null | undefined): SignInResult {
  const verified = verifiedFactors(user);
  if (verified.length === 0) return { status: 'signedIn' };
  const totp = verified.find((factor) => factor.factor_type === 'totp');
  return { status: 'needsMfa', factorId: totp?.id ?? null };
}

export function defineSignInActors(client: AuthClient, urls: SignInUrls, storage?: KeyValueStorage) {
  const rememberMethod = (method: string) => {
    try {
      storage?.setItem(KEPT_LOCAL_STORAGE_KEYS.lastSignInMethod, method);
    } catch {
      // Storage may be full or disabled; the method is only a hint for the next visit.
    }
  };
  return {
    signInWithPassword: fromPromise<SignInResult, EmailPasswordInput>(async ({ input }) => {
      const { data, error } = await client.signInWithPassword({ email: input.email, password: input.password });
      if (error) throw error;
      rememberMethod('email');
      return standingAfterSignIn(data.user as AuthUser | null);
    }),
    sendEmailCode: fromPromise<void, EmailInput>(async ({ input }) => {
      const { error } = await client.signInWithOtp({
        email: input.email,
        options: { shouldCreateUser: false, emailRedirectTo: urls.signIn },
      });
      if (error) throw error;
    }),
    verifyEmailCode: fromPromise<SignInResult, EmailCodeInput>(async ({ input }) => {
      const { data, error } = await client.verifyOtp({ email: input.email, token: input.code, type: 'email' });
      if (error) throw error;
      rememberMethod('email_code');
      return standingAfterSignIn(data.user as AuthUser | null);
    }),
    signUp: fromPromise<SignUpResult, EmailPasswordInput>(async ({ input }) => {
      const { data, error } = await client.signUp({
        email: input.email,
        password: input.password,
        options: { emailRedirectTo: urls.signIn },
      });
      if (error) throw error;
      return data.session ? { status: 'signedIn' } : { status: 'confirmEmail' };
    }),
    sendPasswordReset: fromPromise<void, EmailInput>(async ({ input }) => {
      const { error } = await client.resetPasswordForEmail(input.email, { redirectTo: urls.resetPassword });
      if (error) throw error;
    }),
    updatePassword: fromPromise<void, PasswordInput>(async ({ input }) => {
      const { error } = await client.updateUser({ password: input.password });
      if (error) throw error;
    }),
    verifyTotp: fromPromise<void, TotpInput>(async ({ input }) => {
      const factorId = input.factorId ?? (await firstVerifiedTotpFactor(client));
      const { error } = await client.mfa.challengeAndVerify({ factorId, code: input.code });
      if (error) throw error;
    }),
  };
}

async function firstVerifiedTotpFactor(client: AuthClient): Promise<string> {
  const { data, error } = await client.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp[0];
  if (!factor) throw new Error('No verified authenticator app on this account.');
  return factor.id;
}

// ─── MFA enrolment (spec A3 MFA factor, TOTP enrolment reply) ─────────────────────────────────────────────────────

export const TOTP_ISSUER = 'Strata';

export function defineMfaActors(client: AuthClient) {
  return {
    listFactors: fromPromise<AuthFactor[], void>(async () => {
      const { data, error } = await client.mfa.listFactors();
      if (error) throw error;
      return data.all as AuthFactor[];
    }),
    enrolTotp: fromPromise<TotpEnrolment, EnrolTotpInput>(async ({ input }) => {
      const { data, error } = await client.mfa.enroll({
        factorType: 'totp',
        issuer: TOTP_ISSUER,
        ...(input.friendlyName ? { friendlyName: input.friendlyName } : {}),
      });
      if (error) throw error;
      return {
        factorId: data.id,
        friendlyName: data.friendly_name,
        qrCode: data.totp.qr_code,
        secret: data.totp.secret,
        uri: data.totp.uri,
      };
    }),
    verifyFactor: fromPromise<void, VerifyFactorInput>(async ({ input }) => {
      const { error } = await client.mfa.challengeAndVerify({ factorId: input.factorId, code: input.code });
      if (error) throw error;
    }),
    unenrolFactor: fromPromise<void, UnenrolFactorInput>(async ({ input }) => {
      const { error } = await client.mfa.unenroll({ factorId: input.factorId });
      if (error) throw error;
    }),
  };
}
