import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { signInMachine, validateSignInForm, type SignInEvent, type SignInMode } from '../machines/sign-in.machine.ts';
import {
  selectError,
  selectHasError,
  selectIsBusy,
  selectIsDone,
  selectIsEmailCodeEntry,
  selectIsTotpChallenge,
  selectMode,
  selectNotice,
  selectReasons,
} from '../machines/sign-in.selectors.ts';
import { AUTH_MESSAGES } from '../src/domain/auth-forms.ts';
import { controlledActors } from './support/controlled-actors.ts';
import type { EventSample, Invariants } from './support/paths.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';

const EMAIL_AND_PASSWORD = 'You must provide either an email or phone number and a password';
const EMAIL_ONLY = 'You must provide either an email or phone number.';

const kinds = {
  signInWithPassword: 'promise',
  sendEmailCode: 'promise',
  verifyEmailCode: 'promise',
  signUp: 'promise',
  sendPasswordReset: 'promise',
  updatePassword: 'promise',
  verifyTotp: 'promise',
} as const;

function start(input: { mode?: SignInMode; redirect?: string; factorId?: string | null } = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(signInMachine.provide({ actors: fakes.logic }), { input }).start();
  return { actor, fakes };
}
const edit = (field: 'email' | 'password' | 'code', value: string): SignInEvent => ({ type: 'form.edit', field, value });

describe('sign-in machine: examples', () => {
  it('the spec messages are quoted verbatim (spec A5, A8)', () => {
    expect(AUTH_MESSAGES.emailAndPasswordRequired).toBe(EMAIL_AND_PASSWORD);
    expect(AUTH_MESSAGES.emailRequired).toBe(EMAIL_ONLY);
  });

  it('password sign-in without a password shows the spec message and sends nothing', () => {
    const { actor, fakes } = start();
    actor.send(edit('email', 'ada@example.com'));
    actor.send({ type: 'form.submit' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ editing: 'invalid' })).toBe(true);
    expect(selectError(snap)).toBe(EMAIL_AND_PASSWORD);
    expect(selectHasError(snap)).toBe(true);
    expect(fakes.starts()).toEqual([]);
  });

  it('e-mail code sign-in without an email shows the OTP message', () => {
    const { actor } = start({ mode: 'magicLink' });
    actor.send({ type: 'form.submit' });
    expect(selectError(actor.getSnapshot())).toBe(EMAIL_ONLY);
  });

  it('signs in with a password and ends done with the redirect', async () => {
    const { actor, fakes } = start({ redirect: '/org/acme' });
    actor.send(edit('email', '  ada@example.com '));
    actor.send(edit('password', 'hunter22'));
    actor.send({ type: 'form.submit' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('signInWithPassword')[0]?.input).toEqual({ email: 'ada@example.com', password: 'hunter22' });
    const finished: unknown[] = [];
    actor.on('signIn.done', (event) => finished.push(event));
    await fakes.resolve('signInWithPassword', { status: 'signedIn' });
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
    // Said once (the page navigates on it, issue 15).
    expect(finished).toEqual([{ type: 'signIn.done', redirect: '/org/acme', notice: null }]);
    expect(actor.getSnapshot().output).toEqual({ redirect: '/org/acme', notice: null });
  });

  it('shows invalid credentials verbatim and keeps the form', async () => {
    const { actor, fakes } = start();
    actor.send(edit('email', 'ada@example.com'));
    actor.send(edit('password', 'wrong'));
    actor.send({ type: 'form.submit' });
    await fakes.reject('signInWithPassword', Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }));
    const snap = actor.getSnapshot();
    expect(snap.matches({ editing: 'failed' })).toBe(true);
    expect(selectError(snap)).toBe('Invalid login credentials');
    expect(snap.context.email).toBe('ada@example.com');
  });

  it('a verified TOTP factor leads to the challenge, then done', async () => {
    const { actor, fakes } = start();
    actor.send(edit('email', 'ada@example.com'));
    actor.send(edit('password', 'hunter22'));
    actor.send({ type: 'form.submit' });
    await fakes.resolve('signInWithPassword', { status: 'needsMfa', factorId: 'f1' });
    expect(selectIsTotpChallenge(actor.getSnapshot())).toBe(true);
    expect(selectMode(actor.getSnapshot())).toBe('mfa');
    actor.send(edit('code', '12345'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ awaitingCode: 'invalid' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe(AUTH_MESSAGES.codeFormat);
    actor.send(edit('code', '123456'));
    actor.send({ type: 'form.submit' });
    expect(fakes.starts('verifyTotp')[0]?.input).toEqual({ factorId: 'f1', code: '123456' });
    await fakes.reject('verifyTotp', new Error('Invalid TOTP code entered'));
    expect(actor.getSnapshot().matches({ awaitingCode: 'failed' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('Invalid TOTP code entered');
    actor.send({ type: 'form.submit' });
    await fakes.resolve('verifyTotp');
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
  });

  it('opens on the challenge when started in mfa mode (an aal1 session with a verified factor)', () => {
    const { actor } = start({ mode: 'mfa' });
    expect(actor.getSnapshot().matches({ awaitingCode: 'ready' })).toBe(true);
    actor.send({ type: 'form.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectMode(actor.getSnapshot())).toBe('password');
  });

  it('e-mail code: sends, resends, verifies', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'form.switchMode', mode: 'magicLink' });
    actor.send(edit('email', 'ada@example.com'));
    actor.send({ type: 'form.submit' });
    expect(fakes.starts('sendEmailCode')[0]?.input).toEqual({ email: 'ada@example.com' });
    await fakes.resolve('sendEmailCode');
    expect(selectIsEmailCodeEntry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.resend' });
    await fakes.resolve('sendEmailCode');
    expect(fakes.starts('sendEmailCode')).toHaveLength(2);
    actor.send(edit('code', ' 654321 '));
    actor.send({ type: 'form.submit' });
    expect(fakes.starts('verifyEmailCode')[0]?.input).toEqual({ email: 'ada@example.com', code: '654321' });
    await fakes.resolve('verifyEmailCode', { status: 'signedIn' });
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
  });

  it('sign-up shows weak_password reasons (spec A8)', async () => {
    const { actor, fakes } = start({ mode: 'signUp' });
    actor.send(edit('email', 'ada@example.com'));
    actor.send(edit('password', 'abc'));
    actor.send({ type: 'form.submit' });
    await fakes.reject(
      'signUp',
      Object.assign(new Error('Password should be at least 6 characters.'), { name: 'AuthWeakPasswordError', status: 422, reasons: ['length'] }),
    );
    expect(selectError(actor.getSnapshot())).toBe('Password should be at least 6 characters.');
    expect(selectReasons(actor.getSnapshot())).toEqual(['length']);
  });

  it('sign-up that needs a confirmation ends with a notice', async () => {
    const { actor, fakes } = start({ mode: 'signUp' });
    actor.send(edit('email', 'ada@example.com'));
    actor.send(edit('password', 'correct horse'));
    actor.send({ type: 'form.submit' });
    const notices: Array<string | null> = [];
    actor.on('signIn.done', (event) => notices.push(event.notice));
    await fakes.resolve('signUp', { status: 'confirmEmail' });
    expect(selectNotice(actor.getSnapshot())).toBe(AUTH_MESSAGES.checkEmailToConfirm);
    // The page stays to show it: the emitted end carries the notice.
    expect(notices).toEqual([AUTH_MESSAGES.checkEmailToConfirm]);
  });

  it('forgot password sends the reset mail; reset password updates it', async () => {
    const a = start({ mode: 'forgotPassword' });
    a.actor.send({ type: 'form.submit' });
    expect(selectError(a.actor.getSnapshot())).toBe(EMAIL_ONLY);
    a.actor.send(edit('email', 'ada@example.com'));
    a.actor.send({ type: 'form.submit' });
    await a.fakes.resolve('sendPasswordReset');
    expect(selectNotice(a.actor.getSnapshot())).toBe(AUTH_MESSAGES.checkEmailForReset);

    const b = start({ mode: 'resetPassword' });
    b.actor.send({ type: 'form.submit' });
    expect(selectError(b.actor.getSnapshot())).toBe(AUTH_MESSAGES.newPasswordRequired);
    b.actor.send(edit('password', 'new secret'));
    b.actor.send({ type: 'form.submit' });
    expect(b.fakes.starts('updatePassword')[0]?.input).toEqual({ password: 'new secret' });
    await b.fakes.resolve('updatePassword');
    expect(selectNotice(b.actor.getSnapshot())).toBe(AUTH_MESSAGES.passwordUpdated);
  });

  it('switching mode clears the message; the TOTP challenge cannot be picked', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit' });
    expect(selectError(actor.getSnapshot())).not.toBeNull();
    actor.send({ type: 'form.switchMode', mode: 'magicLink' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'form.switchMode', mode: 'mfa' });
    expect(selectMode(actor.getSnapshot())).toBe('magicLink');
  });

  it.each(Object.keys(kinds))('the default %s actor is a loud stub', async (name) => {
    const logic = signInMachine.implementations.actors[name as keyof typeof kinds] as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('sign-in machine: properties', () => {
  it('validation: a form is sent iff its mode has what spec A5 requires', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SignInMode>('password', 'magicLink', 'signUp', 'forgotPassword', 'resetPassword', 'mfa'),
        fc.oneof(fc.constant(''), fc.constant('   '), fc.emailAddress()),
        fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 20 })),
        fc.oneof(fc.constant(''), fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 8 })),
        (mode, email, password, code) => {
          const message = validateSignInForm({ mode, email, password, code });
          const emailOk = email.trim() !== '';
          const expected =
            mode === 'password' || mode === 'signUp'
              ? emailOk && password !== ''
                ? null
                : EMAIL_AND_PASSWORD
              : mode === 'magicLink' || mode === 'forgotPassword'
                ? emailOk
                  ? null
                  : EMAIL_ONLY
                : mode === 'resetPassword'
                  ? password === ''
                    ? AUTH_MESSAGES.newPasswordRequired
                    : null
                  : /^\d{6}$/.test(code.trim())
                    ? null
                    : AUTH_MESSAGES.codeFormat;
          expect(message).toBe(expected);

          const { actor, fakes } = start({ mode });
          actor.send(edit('email', email));
          actor.send(edit('password', password));
          actor.send(edit('code', code));
          actor.send({ type: 'form.submit' });
          const snap = actor.getSnapshot();
          expect(snap.hasTag('busy')).toBe(expected === null);
          expect(fakes.starts().length).toBe(expected === null ? 1 : 0);
          if (expected !== null) expect(selectError(snap)).toBe(expected);
          actor.stop();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any server message is shown verbatim, whatever the form', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 80 }), fc.constantFrom<SignInMode>('password', 'signUp', 'magicLink', 'forgotPassword'), async (message, mode) => {
        const { actor, fakes } = start({ mode });
        actor.send(edit('email', 'ada@example.com'));
        actor.send(edit('password', 'secret'));
        actor.send({ type: 'form.submit' });
        const [running] = fakes.running();
        await fakes.reject(running!, { message, status: 400 });
        expect(selectError(actor.getSnapshot())).toBe(message);
        expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
        actor.stop();
      }),
      { numRuns: 100 },
    );
  });
});

describe('sign-in machine: generated paths', () => {
  type Snap = SnapshotFrom<typeof signInMachine>;
  const events: EventSample<typeof signInMachine>[] = [
    edit('email', 'ada@example.com'),
    edit('password', 'hunter22'),
    edit('code', '123456'),
    edit('code', '12'),
    { type: 'form.switchMode', mode: 'password' },
    { type: 'form.switchMode', mode: 'magicLink' },
    { type: 'form.switchMode', mode: 'signUp' },
    { type: 'form.switchMode', mode: 'forgotPassword' },
    { type: 'form.switchMode', mode: 'resetPassword' },
    { type: 'form.switchMode', mode: 'mfa' },
    { type: 'form.submit' },
    { type: 'form.resend' },
    { type: 'form.back' },
    { type: 'xstate.done.actor.signInWithPassword', output: { status: 'signedIn' } },
    { type: 'xstate.done.actor.signInWithPassword', output: { status: 'needsMfa', factorId: 'f1' } },
    { type: 'xstate.error.actor.signInWithPassword', error: { message: 'Invalid login credentials' } },
    { type: 'xstate.done.actor.sendEmailCode' },
    { type: 'xstate.error.actor.sendEmailCode', error: { message: 'Signups not allowed for otp' } },
    { type: 'xstate.done.actor.verifyEmailCode', output: { status: 'signedIn' } },
    { type: 'xstate.done.actor.verifyEmailCode', output: { status: 'needsMfa', factorId: null } },
    { type: 'xstate.error.actor.verifyEmailCode', error: { message: 'Token has expired or is invalid' } },
    { type: 'xstate.done.actor.verifyTotp' },
    { type: 'xstate.error.actor.verifyTotp', error: { message: 'Invalid TOTP code entered' } },
    { type: 'xstate.done.actor.signUp', output: { status: 'signedIn' } },
    { type: 'xstate.done.actor.signUp', output: { status: 'confirmEmail' } },
    { type: 'xstate.error.actor.signUp', error: { message: 'Password should be at least 6 characters.', reasons: ['length'] } },
    { type: 'xstate.done.actor.sendPasswordReset' },
    { type: 'xstate.error.actor.sendPasswordReset', error: { message: 'rate limited' } },
    { type: 'xstate.done.actor.updatePassword' },
    { type: 'xstate.error.actor.updatePassword', error: { message: 'New password should be different' } },
  ];
  // The future depends on the mode and on whether each field would pass validation, not on messages.
  const serializeState = (s: Snap) =>
    JSON.stringify({
      value: s.value,
      status: s.status,
      mode: s.context.mode,
      email: s.context.email !== '',
      password: s.context.password !== '',
      codeValid: s.context.code.length === 6,
    });
  const invariants: Invariants<typeof signInMachine> = {
    starting: () => {}, // transient: never rests in a snapshot
    editing: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(s.hasTag('busy')).toBe(false);
    },
    'editing.ready': (s) => expect(s.hasTag('error')).toBe(false),
    // The message of the last submit stays until the next one.
    'editing.invalid': (s) =>
      expect([EMAIL_AND_PASSWORD, EMAIL_ONLY, AUTH_MESSAGES.newPasswordRequired]).toContain(selectError(s)),
    'editing.failed': (s) => {
      expect(selectError(s)).not.toBeNull();
      expect(selectHasError(s)).toBe(true);
    },
    awaitingCode: (s, { actors }) => {
      expect(['magicLink', 'mfa']).toContain(s.context.mode);
      expect(actors?.running()).toEqual([]);
    },
    'awaitingCode.ready': (s) => expect(s.context.error).toBeNull(),
    'awaitingCode.invalid': (s) => expect(selectError(s)).toBe(AUTH_MESSAGES.codeFormat),
    'awaitingCode.failed': (s) => expect(selectError(s)).not.toBeNull(),
    submitting: (s, { actors }) => {
      expect(selectIsBusy(s)).toBe(true);
      expect(actors?.running()).toHaveLength(1);
      expect(s.context.error).toBeNull();
    },
    done: (s) => {
      expect(s.status).toBe('done');
      expect(s.output?.redirect).toBe('/next');
    },
  };
  const run = (mode: SignInMode) => ({
    events,
    input: { mode, redirect: '/next' },
    invariants,
    actors: controlledActors(kinds),
    serializeState,
    simplePaths: false,
    maxPaths: 5000,
  });

  it('walks every state, transition and edge (started on the password form and on the TOTP challenge)', async () => {
    const report = await testMachinePathsAcrossInputs(signInMachine, [run('password'), run('mfa')]);
    expect(report.statesCovered).toBe(19);
  });
});
