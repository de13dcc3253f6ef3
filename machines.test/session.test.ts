import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, fromPromise, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent } from '../machines/session.machine.ts';
import {
  selectAssuranceLevel,
  selectAuthState,
  selectCanEnterConsole,
  selectHasMfa,
  selectIsAlwaysLoggedIn,
  selectIsLoading,
  selectIsLoggedIn,
  selectIsPasswordRecovery,
  selectIsSettled,
  selectIsSigningOut,
  selectNeedsMfa,
  selectUserEmail,
} from '../machines/session.selectors.ts';
import {
  ALWAYS_LOGGED_IN_SESSION,
  AUTH_CHANGE_EVENTS,
  hasVerifiedFactor,
  isLoggedIn,
  type AuthChangeEvent,
  type AuthSession,
} from '../src/domain/auth.ts';
import { controlledActors, flushMicrotasks } from './support/controlled-actors.ts';
import type { EventSample, Invariants } from './support/paths.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';
import { itRejectsEachDeletedTransition } from './support/paths.ts';

const verifiedTotp = { id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone' };
const unverifiedTotp = { id: 'f2', factor_type: 'totp', status: 'unverified' };

function session(user: AuthSession['user'] | 'none' = { id: 'u1', email: 'ada@example.com', factors: [] }): AuthSession {
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer',
    user: user === 'none' ? null : user,
  };
}
const withFactor = () => session({ id: 'u1', email: 'ada@example.com', factors: [verifiedTotp] });

const changed = (event: AuthChangeEvent, s: AuthSession | null): SessionEvent => ({ type: 'session.changed', event, session: s });

function start(input: { alwaysLoggedIn?: boolean } = {}) {
  const fakes = controlledActors({
    authListener: 'callback',
    checkAssurance: 'promise',
    signOut: 'promise',
    wipeStorage: 'promise',
  });
  const actor = createActor(sessionMachine.provide({ actors: fakes.logic }), { input }).start();
  return { actor, fakes };
}

describe('session machine: examples', () => {
  it('starts loading with no session, listening to the auth client', () => {
    const { actor, fakes } = start();
    const snap = actor.getSnapshot();
    expect(snap.matches({ live: 'loading' })).toBe(true);
    expect(snap.hasTag('busy')).toBe(true);
    expect(selectAuthState(snap)).toEqual({ session: null, error: null, isLoading: true });
    expect(fakes.isRunning('authListener')).toBe(true);
  });

  it('INITIAL_SESSION without a session: signed out, not loading', () => {
    const { actor } = start();
    actor.send(changed('INITIAL_SESSION', null));
    const snap = actor.getSnapshot();
    expect(snap.matches({ live: 'signedOut' })).toBe(true);
    expect(selectIsLoading(snap)).toBe(false);
    expect(selectIsLoggedIn(snap)).toBe(false);
    expect(selectCanEnterConsole(snap)).toBe(false);
  });

  it('a session with a user signs in and reads the assurance level (aal1 without factors)', async () => {
    const { actor, fakes } = start();
    const s = session();
    fakes.emit('authListener', changed('INITIAL_SESSION', s));
    expect(actor.getSnapshot().matches({ live: { signedIn: 'checkingAssurance' } })).toBe(true);
    expect(fakes.starts('checkAssurance')[0]?.input).toEqual({ session: s });
    await fakes.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal1' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ live: { signedIn: 'aal1' } })).toBe(true);
    expect(selectIsLoggedIn(snap)).toBe(true);
    expect(selectAssuranceLevel(snap)).toBe('aal1');
    expect(selectHasMfa(snap)).toBe(false);
    expect(selectUserEmail(snap)).toBe('ada@example.com');
    expect(selectCanEnterConsole(snap)).toBe(true);
  });

  it('a session without a user is not logged in (spec A4.11)', () => {
    const { actor } = start();
    actor.send(changed('SIGNED_IN', session('none')));
    const snap = actor.getSnapshot();
    expect(snap.matches({ live: 'signedOut' })).toBe(true);
    expect(snap.context.session).not.toBeNull();
    expect(selectIsLoggedIn(snap)).toBe(false);
  });

  it('a verified factor on an aal1 session needs MFA; MFA_CHALLENGE_VERIFIED reaches aal2', async () => {
    const { actor, fakes } = start();
    actor.send(changed('SIGNED_IN', withFactor()));
    await fakes.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(selectNeedsMfa(actor.getSnapshot())).toBe(true);
    expect(selectHasMfa(actor.getSnapshot())).toBe(true);
    expect(selectCanEnterConsole(actor.getSnapshot())).toBe(false);
    actor.send(changed('MFA_CHALLENGE_VERIFIED', withFactor()));
    expect(actor.getSnapshot().matches({ live: { signedIn: 'checkingAssurance' } })).toBe(true);
    await fakes.resolve('checkAssurance', { currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(actor.getSnapshot().matches({ live: { signedIn: 'aal2' } })).toBe(true);
    expect(selectAssuranceLevel(actor.getSnapshot())).toBe('aal2');
  });

  it('an unreadable assurance level falls back on the factors', async () => {
    const a = start();
    a.actor.send(changed('SIGNED_IN', withFactor()));
    await a.fakes.reject('checkAssurance', new Error('offline'));
    expect(a.actor.getSnapshot().matches({ live: { signedIn: 'needsMfa' } })).toBe(true);

    const b = start();
    b.actor.send(changed('SIGNED_IN', session({ id: 'u2', factors: [unverifiedTotp] })));
    await b.fakes.reject('checkAssurance', new Error('offline'));
    expect(b.actor.getSnapshot().matches({ live: { signedIn: 'aal1' } })).toBe(true);
    expect(selectHasMfa(b.actor.getSnapshot())).toBe(true); // non-empty factors list, even unverified
  });

  it('stores an initialization error; a later session clears it (spec A4.11)', () => {
    const { actor, fakes } = start();
    const error = new Error('Invalid JWT signature');
    fakes.emit('authListener', { type: 'session.initFailed', error });
    let snap = actor.getSnapshot();
    expect(snap.matches({ live: 'signedOut' })).toBe(true);
    expect(selectAuthState(snap)).toEqual({ session: null, error, isLoading: false });
    actor.send(changed('INITIAL_SESSION', null));
    expect(actor.getSnapshot().context.error).toBe(error); // no session: the error stays
    actor.send(changed('SIGNED_IN', session()));
    snap = actor.getSnapshot();
    expect(snap.context.error).toBeNull();
  });

  it('always logged in: a fixed empty session, not loading, no error, no auth client', () => {
    const { actor, fakes } = start({ alwaysLoggedIn: true });
    const snap = actor.getSnapshot();
    expect(snap.matches('alwaysLoggedIn')).toBe(true);
    expect(selectIsAlwaysLoggedIn(snap)).toBe(true);
    expect(selectAuthState(snap)).toEqual({ session: ALWAYS_LOGGED_IN_SESSION, error: null, isLoading: false });
    expect(selectIsLoggedIn(snap)).toBe(true);
    expect(selectCanEnterConsole(snap)).toBe(true);
    expect(fakes.starts()).toEqual([]);
    actor.send({ type: 'session.signOut' });
    actor.send(changed('SIGNED_OUT', null));
    expect(actor.getSnapshot().matches('alwaysLoggedIn')).toBe(true);
  });

  it('signs out (global by default), then wipes the storage and ends signed out', async () => {
    const { actor, fakes } = start();
    actor.send(changed('SIGNED_IN', session()));
    await fakes.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal1' });
    actor.send({ type: 'session.signOut' });
    expect(selectIsSigningOut(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fakes.starts('signOut')[0]?.input).toEqual({ scope: 'global' });
    // auth-js announces SIGNED_OUT while signOut runs: recorded, the flow goes on.
    actor.send(changed('SIGNED_OUT', null));
    expect(actor.getSnapshot().matches({ live: 'signingOut' })).toBe(true);
    await fakes.resolve('signOut');
    expect(actor.getSnapshot().matches({ live: 'wipingStorage' })).toBe(true);
    expect(fakes.starts('wipeStorage')).toHaveLength(1);
    await fakes.resolve('wipeStorage');
    const snap = actor.getSnapshot();
    expect(snap.matches({ live: 'signedOut' })).toBe(true);
    expect(snap.context.session).toBeNull();
    expect(snap.context.error).toBeNull();
  });

  it.each([401, 403, 404])('ignores a %i on sign-out (spec A8) and still wipes', async (status) => {
    const { actor, fakes } = start();
    actor.send(changed('SIGNED_IN', session()));
    await fakes.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal1' });
    actor.send({ type: 'session.signOut', scope: 'local' });
    expect(fakes.starts('signOut')[0]?.input).toEqual({ scope: 'local' });
    await fakes.reject('signOut', Object.assign(new Error('gone'), { status }));
    expect(actor.getSnapshot().matches({ live: 'wipingStorage' })).toBe(true);
    await fakes.resolve('wipeStorage');
    expect(actor.getSnapshot().matches({ live: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the session and stores the error when sign-out fails otherwise', async () => {
    const { actor, fakes } = start();
    actor.send(changed('SIGNED_IN', session()));
    await fakes.resolve('checkAssurance', { currentLevel: 'aal1', nextLevel: 'aal1' });
    actor.send({ type: 'session.signOut' });
    const error = Object.assign(new Error('Internal error'), { status: 500 });
    await fakes.reject('signOut', error);
    expect(actor.getSnapshot().matches({ live: 'signedIn' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(error);
    expect(fakes.starts('wipeStorage')).toHaveLength(0);
  });

  it("scope 'others' keeps the current session and the storage", async () => {
    const { actor, fakes } = start();
    actor.send(changed('SIGNED_IN', session()));
    await fakes.resolve('checkAssurance', { currentLevel: 'aal2', nextLevel: 'aal2' });
    actor.send({ type: 'session.signOut', scope: 'others' });
    await fakes.resolve('signOut');
    expect(actor.getSnapshot().matches({ live: { signedIn: 'checkingAssurance' } })).toBe(true);
    expect(fakes.starts('wipeStorage')).toHaveLength(0);
  });

  it('a signed-out user may still sign out: the storage is wiped', async () => {
    const { actor, fakes } = start();
    actor.send(changed('INITIAL_SESSION', null));
    actor.send({ type: 'session.signOut' });
    await fakes.resolve('signOut');
    await fakes.resolve('wipeStorage');
    expect(actor.getSnapshot().matches({ live: 'signedOut' })).toBe(true);
  });

  it('a failed wipe does not block: signed out all the same', async () => {
    const { actor, fakes } = start();
    actor.send(changed('INITIAL_SESSION', null));
    actor.send({ type: 'session.signOut' });
    await fakes.resolve('signOut');
    await fakes.reject('wipeStorage', new Error('SecurityError'));
    expect(actor.getSnapshot().matches({ live: 'signedOut' })).toBe(true);
  });

  it('PASSWORD_RECOVERY raises the recovery flag until the user is updated', async () => {
    const { actor } = start();
    actor.send(changed('PASSWORD_RECOVERY', session()));
    expect(selectIsPasswordRecovery(actor.getSnapshot())).toBe(true);
    actor.send(changed('TOKEN_REFRESHED', session()));
    expect(selectIsPasswordRecovery(actor.getSnapshot())).toBe(true);
    actor.send(changed('USER_UPDATED', session()));
    expect(selectIsPasswordRecovery(actor.getSnapshot())).toBe(false);
  });

  it('stops listening when the actor stops', () => {
    const { actor, fakes } = start();
    actor.stop();
    expect(fakes.isRunning('authListener')).toBe(false);
  });

  it.each([
    ['checkAssurance', 'check assurance'],
    ['signOut', 'sign out'],
    ['wipeStorage', 'wipe storage'],
  ] as const)('the default %s actor is a loud stub', async (name, label) => {
    const logic = sessionMachine.implementations.actors[name] as AnyActorLogic;
    const child = createActor(logic, { input: { session: session(), scope: 'global' } });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toContain(`the '${label}' actor is not provided`);
  });

  it('the default auth listener is a loud stub too', () => {
    const actor = createActor(sessionMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(String(errors[0])).toContain("the 'auth listener' actor is not provided");
  });

  it('a provided fromPromise replaces the stub (no controller needed)', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          authListener: controlledActors({ authListener: 'callback' }).logic.authListener,
          checkAssurance: fromPromise(async () => ({ currentLevel: 'aal2', nextLevel: 'aal2' })),
        },
      }),
    ).start();
    actor.send(changed('SIGNED_IN', session()));
    await flushMicrotasks();
    expect(actor.getSnapshot().matches({ live: { signedIn: 'aal2' } })).toBe(true);
  });
});

// ─── Properties ──────────────────────────────────────────────────────────────────────────────────────────────────

const userArb = fc.record({
  id: fc.uuid(),
  email: fc.emailAddress(),
  factors: fc.array(
    fc.record({
      id: fc.uuid(),
      factor_type: fc.constantFrom('totp', 'phone', 'webauthn'),
      status: fc.constantFrom('verified', 'unverified'),
    }),
    { maxLength: 3 },
  ),
});
const sessionArb: fc.Arbitrary<AuthSession | null> = fc.oneof(
  fc.constant(null),
  fc.constant(session('none')),
  userArb.map((user) => session(user)),
);
type Step =
  | { kind: 'changed'; event: AuthChangeEvent; session: AuthSession | null }
  | { kind: 'initFailed' }
  | { kind: 'assurance'; ok: boolean; current: 'aal1' | 'aal2'; next: 'aal1' | 'aal2' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('changed' as const), event: fc.constantFrom(...AUTH_CHANGE_EVENTS), session: sessionArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('initFailed' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('assurance' as const),
      ok: fc.boolean(),
      current: fc.constantFrom('aal1' as const, 'aal2' as const),
      next: fc.constantFrom('aal1' as const, 'aal2' as const),
    }),
  },
);

describe('session machine: properties over random auth event sequences', () => {
  it('signed in iff the last session has a user; the error is cleared when a session exists', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { actor, fakes } = start();
        let lastSession: AuthSession | null | undefined; // undefined: no session.changed yet
        let errorSinceLastSession = false;
        for (const step of steps) {
          if (step.kind === 'changed') {
            fakes.emit('authListener', changed(step.event, step.session));
            lastSession = step.session;
            errorSinceLastSession = false;
          } else if (step.kind === 'initFailed') {
            fakes.emit('authListener', { type: 'session.initFailed', error: new Error('init') });
            errorSinceLastSession = true;
          } else if (fakes.isRunning('checkAssurance')) {
            if (step.ok) await fakes.resolve('checkAssurance', { currentLevel: step.current, nextLevel: step.next });
            else await fakes.reject('checkAssurance', new Error('offline'));
          }
          const snap = actor.getSnapshot();
          if (lastSession !== undefined) {
            expect(snap.matches({ live: 'signedIn' })).toBe(lastSession?.user != null);
            expect(selectIsLoggedIn(snap)).toBe(lastSession?.user != null);
            expect(snap.context.session).toBe(lastSession);
            expect(snap.context.isLoading).toBe(false);
            if (lastSession && !errorSinceLastSession) expect(snap.context.error).toBeNull();
          }
          if (snap.matches({ live: { signedIn: 'needsMfa' } })) {
            expect(snap.context.user?.factors?.some((f) => f.status === 'verified') || snap.context.assurance?.nextLevel === 'aal2').toBe(true);
          }
          if (snap.context.isLoading) expect(snap.matches({ live: 'loading' })).toBe(true);
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

// ─── Generated paths (machines.test/support/paths.ts) ────────────────────────────────────────────────────────────

describe('session machine: generated paths', () => {
  const plain = session({ id: 'u1', email: 'ada@example.com', factors: [] });
  const mfa = withFactor();
  const events: EventSample<typeof sessionMachine>[] = [
    changed('SIGNED_IN', plain),
    changed('SIGNED_IN', mfa),
    changed('INITIAL_SESSION', session('none')),
    changed('SIGNED_OUT', null),
    changed('PASSWORD_RECOVERY', plain),
    { type: 'session.initFailed', error: { message: 'init failed' } },
    { type: 'session.signOut', scope: 'global' },
    { type: 'session.signOut', scope: 'others' },
    { type: 'xstate.done.actor.checkAssurance', output: { currentLevel: 'aal1', nextLevel: 'aal1' } },
    { type: 'xstate.done.actor.checkAssurance', output: { currentLevel: 'aal1', nextLevel: 'aal2' } },
    { type: 'xstate.done.actor.checkAssurance', output: { currentLevel: 'aal2', nextLevel: 'aal2' } },
    { type: 'xstate.error.actor.checkAssurance', error: { message: 'offline' } },
    { type: 'xstate.done.actor.signOut' },
    { type: 'xstate.error.actor.signOut', error: { message: 'gone', status: 404 } },
    { type: 'xstate.error.actor.signOut', error: { message: 'gone', status: 401 } },
    { type: 'xstate.error.actor.signOut', error: { message: 'boom', status: 500 } },
    { type: 'xstate.done.actor.wipeStorage' },
    { type: 'xstate.error.actor.wipeStorage', error: { message: 'denied' } },
  ];
  type Snap = SnapshotFrom<typeof sessionMachine>;
  // What decides the machine's future: the full session objects and the last event name do not.
  const serializeState = (s: Snap) =>
    JSON.stringify({
      value: s.value,
      loggedIn: isLoggedIn(s.context.session),
      verified: hasVerifiedFactor(s.context.user),
      scope: s.matches({ live: 'signingOut' }) ? s.context.signOutScope : null,
    });
  const invariants: Invariants<typeof sessionMachine> = {
    starting: () => {}, // transient: never rests in a snapshot
    alwaysLoggedIn: (s, { actors }) => {
      expect(selectIsSettled(s)).toBe(true);
      expect(selectAuthState(s)).toEqual({ session: ALWAYS_LOGGED_IN_SESSION, error: null, isLoading: false });
      expect(actors?.running()).toEqual([]);
    },
    live: (s, { actors }) => {
      expect(actors?.isRunning('authListener')).toBe(true);
      expect(selectIsSettled(s)).toBe(!s.hasTag('busy') && !s.matches({ live: { signedIn: 'checkingAssurance' } }));
      expect(s.context.isLoading).toBe(s.matches({ live: 'loading' }));
    },
    'live.loading': (s) => {
      expect(s.context.session).toBeNull();
      expect(s.hasTag('busy')).toBe(true);
    },
    'live.signedOut': (s) => {
      expect(selectIsLoggedIn(s)).toBe(false);
      expect(s.hasTag('busy')).toBe(false);
    },
    'live.signedIn': (s, { actors }) => {
      expect(selectIsLoggedIn(s)).toBe(true);
      expect(actors?.isRunning('checkAssurance')).toBe(s.matches({ live: { signedIn: 'checkingAssurance' } }));
    },
    'live.signedIn.aal2': (s) => expect(s.context.assurance?.currentLevel).toBe('aal2'),
    'live.signedIn.needsMfa': (s) => {
      expect(s.context.assurance?.nextLevel).toBe('aal2');
      expect(s.context.assurance?.currentLevel).not.toBe('aal2');
      expect(selectCanEnterConsole(s)).toBe(false);
    },
    'live.signedIn.aal1': (s) => expect(s.context.assurance?.nextLevel).not.toBe('aal2'),
    'live.signingOut': (s, { actors }) => {
      expect(actors?.starts('signOut').at(-1)?.input).toEqual({ scope: s.context.signOutScope });
      expect(actors?.isRunning('signOut')).toBe(true);
    },
    'live.wipingStorage': (s, { actors }) => {
      expect(actors?.isRunning('wipeStorage')).toBe(true);
      expect(s.context.signOutScope).not.toBe('others');
    },
  };
  const actors = () =>
    controlledActors({ authListener: 'callback', checkAssurance: 'promise', signOut: 'promise', wipeStorage: 'promise' });

  // A4.11: the session follows the auth listener, checks the assurance level of a signed-in user (MFA pending or
  // not), and a sign-out wipes the stored state; 'always logged in' skips all of it.
  const required = [
    'starting --(always)--> alwaysLoggedIn',
    'starting --(always)--> live',
    'live.loading --session.changed--> live.signedIn',
    'live.loading --session.changed--> live.signedOut',
    'live.signedOut --session.changed--> live.signedIn',
    'live.signedIn --session.changed--> live.signedOut',
    'live.signedIn --session.signOut--> live.signingOut',
    'live.signedIn.checkingAssurance --xstate.done.actor.checkAssurance--> live.signedIn.aal2',
    'live.signedIn.checkingAssurance --xstate.done.actor.checkAssurance--> live.signedIn.needsMfa',
    'live.signedIn.checkingAssurance --xstate.done.actor.checkAssurance--> live.signedIn.aal1',
    'live.signingOut --xstate.done.actor.signOut--> live.wipingStorage',
    'live.wipingStorage --xstate.done.actor.wipeStorage--> live.signedOut',
  ];
  itRejectsEachDeletedTransition(sessionMachine, required);

  it('walks every state, transition and edge (both modes)', async () => {
    const report = await testMachinePathsAcrossInputs(sessionMachine, [
      { events, input: { alwaysLoggedIn: false }, invariants, actors: actors(), serializeState, simplePaths: false, required },
      { events, input: { alwaysLoggedIn: true }, invariants, actors: actors(), serializeState, simplePaths: false, required },
    ]);
    expect(report.statesCovered).toBe(13); // root, starting, alwaysLoggedIn, live + 5, signedIn + 4
    // Both inputs' graphs were walked: more paths than inputs, and every edge of both (asserted inside).
    expect(report.pathsRun).toBeGreaterThan(2);
    expect(report.edgesCovered).toBeGreaterThan(20);
  });
});
