// Plain selectors of the session actor (spec A3 'Auth state in the app', A4.11).
import type { SnapshotFrom } from 'xstate';
import { hasMfa, isLoggedIn, type AuthSession, type AuthUser } from '../src/domain/auth.ts';
import type { SessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** spec A3: auth state in the app — session or null, error or null, isLoading. */
export type AuthState = { session: AuthSession | null; error: unknown | null; isLoading: boolean };

export const selectSession = (s: SessionSnapshot): AuthSession | null => s.context.session;
export const selectUser = (s: SessionSnapshot): AuthUser | null => s.context.user;
export const selectAuthError = (s: SessionSnapshot): unknown | null => s.context.error;
export const selectIsLoading = (s: SessionSnapshot): boolean => s.context.isLoading;
export const selectAuthState = (s: SessionSnapshot): AuthState => ({
  session: s.context.session,
  error: s.context.error,
  isLoading: s.context.isLoading,
});
/** spec A4.11: logged in when the session has a user. */
export const selectIsLoggedIn = (s: SessionSnapshot): boolean => isLoggedIn(s.context.session);
/** spec A4.11: has MFA when the user's factors list is non-empty. */
export const selectHasMfa = (s: SessionSnapshot): boolean => hasMfa(s.context.user);
/** A verified factor but an aal1 session: the TOTP challenge must be passed. */
export const selectNeedsMfa = (s: SessionSnapshot): boolean => s.matches({ live: { signedIn: 'needsMfa' } });
export const selectIsCheckingAssurance = (s: SessionSnapshot): boolean =>
  s.matches({ live: { signedIn: 'checkingAssurance' } });
export const selectAssuranceLevel = (s: SessionSnapshot): 'aal1' | 'aal2' | null =>
  s.matches({ live: { signedIn: 'aal2' } })
    ? 'aal2'
    : s.matches({ live: { signedIn: 'aal1' } }) || s.matches({ live: { signedIn: 'needsMfa' } })
      ? 'aal1'
      : null;
export const selectIsSigningOut = (s: SessionSnapshot): boolean =>
  s.matches({ live: 'signingOut' }) || s.matches({ live: 'wipingStorage' });
export const selectIsAlwaysLoggedIn = (s: SessionSnapshot): boolean => s.matches('alwaysLoggedIn');
/** spec A4.11: PASSWORD_RECOVERY (after a recovery link or recovery OTP check) asks for a new password. */
export const selectIsPasswordRecovery = (s: SessionSnapshot): boolean => s.context.recovery;
export const selectUserEmail = (s: SessionSnapshot): string | null => s.context.user?.email ?? null;
/** The console may render signed-in screens: a user, and no pending MFA challenge. */
export const selectCanEnterConsole = (s: SessionSnapshot): boolean =>
  s.matches('alwaysLoggedIn') ||
  s.matches({ live: { signedIn: 'aal1' } }) ||
  s.matches({ live: { signedIn: 'aal2' } });
/**
 * The session has settled: not loading, assurance level known, no sign-out in progress. Route guards should wait
 * for this rather than for !isLoading, since a fresh session reads its assurance level first.
 */
export const selectIsSettled = (s: SessionSnapshot): boolean =>
  s.matches('alwaysLoggedIn') ||
  s.matches({ live: 'signedOut' }) ||
  s.matches({ live: { signedIn: 'aal1' } }) ||
  s.matches({ live: { signedIn: 'needsMfa' } }) ||
  s.matches({ live: { signedIn: 'aal2' } });
