// The console's session (spec A3 'Auth state in the app', A4.11 Session and auth, A8 Auth).
// Pure: the auth client is reached only through the injected actors below (src/actors/session.ts).
import { and, assertEvent, assign, fromCallback, fromPromise, setup, type ErrorActorEvent, type EventObject } from 'xstate';
import {
  ALWAYS_LOGGED_IN_SESSION,
  assuranceFromUser,
  assuranceStanding,
  isIgnorableSignOutError,
  isLoggedIn,
  type AssuranceResult,
  type AuthChangeEvent,
  type AuthSession,
  type AuthUser,
  type SignOutScope,
} from '../src/domain/auth.ts';
import { notProvided } from './support.ts';

export type SessionChangedEvent = { type: 'session.changed'; event: AuthChangeEvent; session: AuthSession | null };
export type SessionSignOutEvent = { type: 'session.signOut'; scope?: SignOutScope };
export type SessionInitFailedEvent = { type: 'session.initFailed'; error: unknown };
export type SessionEvent = SessionChangedEvent | SessionSignOutEvent | SessionInitFailedEvent;

export type SessionInput = { alwaysLoggedIn?: boolean } | undefined;

export type SessionContext = {
  alwaysLoggedIn: boolean;
  session: AuthSession | null;
  user: AuthUser | null;
  error: unknown | null;
  isLoading: boolean;
  /** The last assurance reading of the signed-in session (aal1 / aal2). */
  assurance: AssuranceResult | null;
  /** The last auth event received; PASSWORD_RECOVERY shows the reset-password form. */
  lastEvent: AuthChangeEvent | null;
  recovery: boolean;
  signOutScope: SignOutScope;
};

export type SessionTag = 'busy' | 'error';

export type CheckAssuranceInput = { session: AuthSession };
export type SignOutInput = { scope: SignOutScope };

/** The standing of a checkAssurance reply (the done event's output). */
function standingOf(output: AssuranceResult | undefined): 'aal1' | 'needsMfa' | 'aal2' {
  return output ? assuranceStanding(output) : 'aal1';
}

/** The sign-out failure's error, for the guards that decide whether it may be ignored (spec A8). */
const signOutFailure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
    tags: SessionTag;
  },
  actors: {
    /** Subscribes to the auth client's onAuthStateChange; sends session.changed and session.initFailed. */
    authListener: fromCallback<EventObject>(() => notProvided('auth listener')),
    checkAssurance: fromPromise<AssuranceResult, CheckAssuranceInput>(async () => notProvided('check assurance')),
    signOut: fromPromise<void, SignOutInput>(async () => notProvided('sign out')),
    /** spec A4.11 storage wipe. */
    wipeStorage: fromPromise<void, void>(async () => notProvided('wipe storage')),
  },
  guards: {
    isAlwaysLoggedIn: ({ context }) => context.alwaysLoggedIn,
    changeHasUser: ({ event }) => {
      assertEvent(event, 'session.changed');
      return isLoggedIn(event.session);
    },
    contextIsLoggedIn: ({ context }) => isLoggedIn(context.session),
    keepsCurrentSession: ({ context }) => context.signOutScope === 'others',
    signOutErrorIgnorable: (_, params: { error: unknown }) => isIgnorableSignOutError(params.error),
    // The two combinations the sign-out failure needs (a guard with params cannot go inside and() with its types).
    ignorableErrorWipesSession: ({ context }, params: { error: unknown }) => isIgnorableSignOutError(params.error) && context.signOutScope !== 'others',
    ignorableErrorWhileLoggedIn: ({ context }, params: { error: unknown }) => isIgnorableSignOutError(params.error) && isLoggedIn(context.session),
    contextNeedsMfaAfterFailure: ({ context }) =>
      assuranceStanding(assuranceFromUser(context.user)) === 'needsMfa',
    reachedAal2: (_, params: { output: AssuranceResult | undefined }) => standingOf(params.output) === 'aal2',
    mfaPending: (_, params: { output: AssuranceResult | undefined }) => standingOf(params.output) === 'needsMfa',
  },
  actions: {
    useFixedSession: assign({
      session: ALWAYS_LOGGED_IN_SESSION,
      user: ALWAYS_LOGGED_IN_SESSION.user,
      error: null,
      isLoading: false,
      assurance: null,
    }),
    // spec A4.11: on a session change, not loading, new session; the stored error is cleared if a session exists.
    storeSessionChange: assign(({ context, event }) => {
      assertEvent(event, 'session.changed');
      const session = event.session ?? null;
      const recovery =
        event.event === 'PASSWORD_RECOVERY'
          ? true
          : event.event === 'SIGNED_OUT' || event.event === 'USER_UPDATED'
            ? false
            : context.recovery;
      return {
        session,
        user: session?.user ?? null,
        isLoading: false,
        error: session ? null : context.error,
        lastEvent: event.event,
        recovery,
        assurance: session ? context.assurance : null,
      };
    }),
    // spec A4.11: an initialization error is stored.
    storeInitError: assign(({ event }) => {
      assertEvent(event, 'session.initFailed');
      return { error: event.error, isLoading: false };
    }),
    rememberScope: assign(({ event }) => {
      assertEvent(event, 'session.signOut');
      return { signOutScope: event.scope ?? 'global' };
    }),
    forgetSession: assign({ session: null, user: null, assurance: null, recovery: false }),
    storeActorError: assign({ error: (_, params: { error: unknown }) => params.error ?? null }),
    storeAssurance: assign({ assurance: (_, params: { output: AssuranceResult }) => params.output ?? null }),
    storeAssuranceFromUser: assign({ assurance: ({ context }) => assuranceFromUser(context.user) }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    alwaysLoggedIn: input?.alwaysLoggedIn ?? false,
    session: null,
    user: null,
    error: null,
    isLoading: true,
    assurance: null,
    lastEvent: null,
    recovery: false,
    signOutScope: 'global',
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isAlwaysLoggedIn', target: 'alwaysLoggedIn' }, { target: 'live' }],
    },
    // spec A4.11: a fixed empty session, not loading, no error; the auth client is never consulted.
    alwaysLoggedIn: {
      entry: 'useFixedSession',
    },
    live: {
      invoke: { id: 'authListener', src: 'authListener' },
      on: {
        'session.initFailed': { actions: 'storeInitError' },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          on: {
            'session.changed': [
              { guard: 'changeHasUser', target: 'signedIn', actions: 'storeSessionChange' },
              { target: 'signedOut', actions: 'storeSessionChange' },
            ],
            'session.initFailed': { target: 'signedOut', actions: 'storeInitError' },
          },
        },
        signedOut: {
          on: {
            'session.changed': [
              { guard: 'changeHasUser', target: 'signedIn', actions: 'storeSessionChange' },
              { actions: 'storeSessionChange' },
            ],
            'session.signOut': { target: 'signingOut', actions: 'rememberScope' },
          },
        },
        signedIn: {
          on: {
            // Every change (refresh, MFA verified, user updated) reads the assurance level again.
            'session.changed': [
              { guard: 'changeHasUser', target: 'signedIn', reenter: true, actions: 'storeSessionChange' },
              { target: 'signedOut', actions: 'storeSessionChange' },
            ],
            'session.signOut': { target: 'signingOut', actions: 'rememberScope' },
          },
          initial: 'checkingAssurance',
          states: {
            checkingAssurance: {
              invoke: {
                id: 'checkAssurance',
                src: 'checkAssurance',
                input: ({ context }) => ({ session: context.session! }),
                onDone: [
                  { guard: { type: 'reachedAal2', params: ({ event }) => ({ output: event.output }) }, target: 'aal2', actions: { type: 'storeAssurance', params: ({ event }) => ({ output: event.output }) } },
                  { guard: { type: 'mfaPending', params: ({ event }) => ({ output: event.output }) }, target: 'needsMfa', actions: { type: 'storeAssurance', params: ({ event }) => ({ output: event.output }) } },
                  { target: 'aal1', actions: { type: 'storeAssurance', params: ({ event }) => ({ output: event.output }) } },
                ],
                // Unreadable level: the factors decide, so a verified factor still asks for the code.
                onError: [
                  { guard: 'contextNeedsMfaAfterFailure', target: 'needsMfa', actions: 'storeAssuranceFromUser' },
                  { target: 'aal1', actions: 'storeAssuranceFromUser' },
                ],
              },
            },
            aal1: {},
            needsMfa: {},
            aal2: {},
          },
        },
        signingOut: {
          tags: 'busy',
          on: {
            // auth-js announces SIGNED_OUT while the sign-out runs: record it, but let the wipe finish.
            'session.changed': { actions: 'storeSessionChange' },
          },
          invoke: {
            id: 'signOut',
            src: 'signOut',
            input: ({ context }) => ({ scope: context.signOutScope }),
            onDone: [
              // spec A4.11: 'others' keeps the current session (and its storage).
              { guard: and(['keepsCurrentSession', 'contextIsLoggedIn']), target: 'signedIn' },
              { guard: 'keepsCurrentSession', target: 'signedOut' },
              { target: 'wipingStorage', actions: 'forgetSession' },
            ],
            onError: [
              // spec A8: on sign-out, 401, 403 and 404 are ignored.
              {
                guard: { type: 'ignorableErrorWipesSession', params: signOutFailure },
                target: 'wipingStorage',
                actions: 'forgetSession',
              },
              { guard: { type: 'ignorableErrorWhileLoggedIn', params: signOutFailure }, target: 'signedIn' },
              { guard: { type: 'signOutErrorIgnorable', params: signOutFailure }, target: 'signedOut' },
              { guard: 'contextIsLoggedIn', target: 'signedIn', actions: { type: 'storeActorError', params: signOutFailure } },
              { target: 'signedOut', actions: { type: 'storeActorError', params: signOutFailure } },
            ],
          },
        },
        wipingStorage: {
          tags: 'busy',
          on: {
            'session.changed': { actions: 'storeSessionChange' },
          },
          invoke: {
            id: 'wipeStorage',
            src: 'wipeStorage',
            onDone: [{ guard: 'contextIsLoggedIn', target: 'signedIn' }, { target: 'signedOut' }],
            onError: [{ guard: 'contextIsLoggedIn', target: 'signedIn' }, { target: 'signedOut' }],
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
