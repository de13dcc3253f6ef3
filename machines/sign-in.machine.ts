// The sign-in forms: password, e-mail code (magic link), sign-up, forgot / reset password and the TOTP challenge
// (spec A4.11, A5 sign-in validation, A8 auth messages). The submit effects are injected actors
// (src/actors/auth-actors.ts); the machine only validates, routes and keeps the messages.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { AUTH_MESSAGES, describeAuthError, validateCode, validateEmail, validateEmailAndPassword, validateNewPassword } from '../src/domain/auth-forms.ts';
import { notProvided } from './support.ts';

export const SIGN_IN_MODES = ['password', 'magicLink', 'signUp', 'forgotPassword', 'resetPassword', 'mfa'] as const;
export type SignInMode = (typeof SIGN_IN_MODES)[number];
export type SignInField = 'email' | 'password' | 'code';

export type SignInInput = { mode?: SignInMode; redirect?: string; factorId?: string | null } | undefined;

export type SignInContext = {
  mode: SignInMode;
  email: string;
  password: string;
  code: string;
  redirect: string;
  /** The TOTP factor to challenge (null: the actor picks the user's verified TOTP factor). */
  factorId: string | null;
  /** The message shown to the user: a validation message (spec A5) or the server's message (spec A8). */
  error: string | null;
  /** weak_password reasons (spec A8), shown under the message. */
  reasons: string[];
  /** An informational outcome ('Check your email …'). */
  notice: string | null;
};

export type FormEditEvent = { type: 'form.edit'; field: SignInField; value: string };
export type FormSwitchModeEvent = { type: 'form.switchMode'; mode: SignInMode };
export type FormSubmitEvent = { type: 'form.submit' };
export type FormResendEvent = { type: 'form.resend' };
export type FormBackEvent = { type: 'form.back' };
export type SignInEvent = FormEditEvent | FormSwitchModeEvent | FormSubmitEvent | FormResendEvent | FormBackEvent;

export type SignInTag = 'busy' | 'error';

/** What a sign-in step ends with: in, or a verified factor still to pass (aal1 → aal2). */
export type SignInResult = { status: 'signedIn' } | { status: 'needsMfa'; factorId: string | null };
export type SignUpResult = { status: 'signedIn' } | { status: 'confirmEmail' };

export type EmailPasswordInput = { email: string; password: string };
export type EmailInput = { email: string };
export type EmailCodeInput = { email: string; code: string };
export type PasswordInput = { password: string };
export type TotpInput = { factorId: string | null; code: string };

export type SignInOutput = { redirect: string; notice: string | null };
/** Said once when the flow ends (issue 15: the page navigates on it, or shows the notice, instead of watching a flag). */
export type SignInDoneEmitted = { type: 'signIn.done'; redirect: string; notice: string | null };

/** spec A5: what each form needs before it is sent; null when it may be sent. */
export function validateSignInForm(context: Pick<SignInContext, 'mode' | 'email' | 'password' | 'code'>): string | null {
  switch (context.mode) {
    case 'password':
    case 'signUp':
      return validateEmailAndPassword(context.email, context.password);
    case 'magicLink':
    case 'forgotPassword':
      return validateEmail(context.email);
    case 'resetPassword':
      return validateNewPassword(context.password);
    case 'mfa':
      return validateCode(context.code);
  }
}

export const signInMachine = setup({
  types: {} as {
    context: SignInContext;
    events: SignInEvent;
    input: SignInInput;
    tags: SignInTag;
    output: SignInOutput;
    emitted: SignInDoneEmitted;
  },
  actors: {
    signInWithPassword: fromPromise<SignInResult, EmailPasswordInput>(async () => notProvided('sign in with password')),
    sendEmailCode: fromPromise<void, EmailInput>(async () => notProvided('send email code')),
    verifyEmailCode: fromPromise<SignInResult, EmailCodeInput>(async () => notProvided('verify email code')),
    signUp: fromPromise<SignUpResult, EmailPasswordInput>(async () => notProvided('sign up')),
    sendPasswordReset: fromPromise<void, EmailInput>(async () => notProvided('send password reset')),
    updatePassword: fromPromise<void, PasswordInput>(async () => notProvided('update password')),
    verifyTotp: fromPromise<void, TotpInput>(async () => notProvided('verify TOTP')),
  },
  guards: {
    startsWithCode: ({ context }) => context.mode === 'mfa',
    // The TOTP challenge follows a sign-in; it is never picked from a link.
    switchableMode: ({ event }) => {
      assertEvent(event, 'form.switchMode');
      return event.mode !== 'mfa';
    },
    formInvalid: ({ context }) => validateSignInForm(context) !== null,
    codeInvalid: ({ context }) => validateCode(context.code) !== null,
    modeIs: ({ context }, params: { mode: SignInMode }) => context.mode === params.mode,
    needsMfa: (_, params: { result: SignInResult | undefined }) => params.result?.status === 'needsMfa',
    mustConfirmEmail: (_, params: { result: SignUpResult | undefined }) => params.result?.status === 'confirmEmail',
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'form.edit');
      return { ...context, [event.field]: event.value };
    }),
    switchMode: assign(({ event }) => {
      assertEvent(event, 'form.switchMode');
      return { mode: event.mode, error: null, reasons: [], notice: null, code: '' };
    }),
    clearMessages: assign({ error: null, reasons: [] }),
    storeValidationError: assign({ error: ({ context }) => validateSignInForm(context), reasons: [] }),
    storeCodeError: assign({ error: ({ context }) => validateCode(context.code), reasons: [] }),
    storeFailure: assign((_, params: { error: unknown }) => {
      const failure = describeAuthError(params.error);
      return { error: failure.message, reasons: failure.reasons };
    }),
    startMfaChallenge: assign((_, params: { result: SignInResult | undefined }) => {
      const output = params.result;
      return {
        mode: 'mfa' as const,
        factorId: output?.status === 'needsMfa' ? output.factorId : null,
        code: '',
        error: null,
        reasons: [],
      };
    }),
    awaitEmailCode: assign({ code: '', error: null, reasons: [] }),
    noteConfirmEmail: assign({ notice: AUTH_MESSAGES.checkEmailToConfirm }),
    noteResetSent: assign({ notice: AUTH_MESSAGES.checkEmailForReset }),
    notePasswordUpdated: assign({ notice: AUTH_MESSAGES.passwordUpdated }),
    backToPassword: assign({ mode: 'password' as const, code: '', error: null, reasons: [] }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    mode: input?.mode ?? 'password',
    email: '',
    password: '',
    code: '',
    redirect: input?.redirect ?? '/',
    factorId: input?.factorId ?? null,
    error: null,
    reasons: [],
    notice: null,
  }),
  initial: 'starting',
  output: ({ context }) => ({ redirect: context.redirect, notice: context.notice }),
  states: {
    // An aal1 session with a verified factor opens straight on the TOTP challenge.
    starting: {
      always: [{ guard: 'startsWithCode', target: 'awaitingCode' }, { target: 'editing' }],
    },
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: 'error' },
        failed: { tags: 'error' },
      },
      on: {
        'form.edit': { actions: 'edit' },
        'form.switchMode': { guard: 'switchableMode', target: '.ready', actions: 'switchMode' },
        'form.submit': [
          { guard: 'formInvalid', target: '.invalid', actions: 'storeValidationError' },
          { guard: { type: 'modeIs', params: { mode: 'password' } }, target: 'submitting.signingIn', actions: 'clearMessages' },
          { guard: { type: 'modeIs', params: { mode: 'magicLink' } }, target: 'submitting.sendingCode', actions: 'clearMessages' },
          { guard: { type: 'modeIs', params: { mode: 'signUp' } }, target: 'submitting.signingUp', actions: 'clearMessages' },
          { guard: { type: 'modeIs', params: { mode: 'forgotPassword' } }, target: 'submitting.sendingReset', actions: 'clearMessages' },
          { guard: { type: 'modeIs', params: { mode: 'resetPassword' } }, target: 'submitting.updatingPassword', actions: 'clearMessages' },
        ],
      },
    },
    // A 6-digit code: the one e-mailed (magicLink) or the authenticator app's (mfa).
    awaitingCode: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: 'error' },
        failed: { tags: 'error' },
      },
      on: {
        'form.edit': { actions: 'edit' },
        'form.submit': [
          { guard: 'codeInvalid', target: '.invalid', actions: 'storeCodeError' },
          { guard: { type: 'modeIs', params: { mode: 'mfa' } }, target: 'submitting.verifyingTotp', actions: 'clearMessages' },
          { target: 'submitting.verifyingCode', actions: 'clearMessages' },
        ],
        'form.resend': { guard: { type: 'modeIs', params: { mode: 'magicLink' } }, target: 'submitting.sendingCode', actions: 'clearMessages' },
        'form.back': [
          { guard: { type: 'modeIs', params: { mode: 'mfa' } }, target: 'editing', actions: 'backToPassword' },
          { target: 'editing', actions: 'clearMessages' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'signInWithPassword',
            src: 'signInWithPassword',
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: [
              {
                guard: { type: 'needsMfa', params: ({ event }) => ({ result: event.output }) },
                target: '#signIn.awaitingCode',
                actions: { type: 'startMfaChallenge', params: ({ event }) => ({ result: event.output }) },
              },
              { target: '#signIn.done' },
            ],
            onError: { target: '#signIn.editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendEmailCode',
            src: 'sendEmailCode',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: '#signIn.awaitingCode', actions: 'awaitEmailCode' },
            onError: { target: '#signIn.editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        verifyingCode: {
          invoke: {
            id: 'verifyEmailCode',
            src: 'verifyEmailCode',
            input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
            onDone: [
              {
                guard: { type: 'needsMfa', params: ({ event }) => ({ result: event.output }) },
                target: '#signIn.awaitingCode',
                actions: { type: 'startMfaChallenge', params: ({ event }) => ({ result: event.output }) },
              },
              { target: '#signIn.done' },
            ],
            onError: { target: '#signIn.awaitingCode.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        verifyingTotp: {
          invoke: {
            id: 'verifyTotp',
            src: 'verifyTotp',
            input: ({ context }) => ({ factorId: context.factorId, code: context.code.trim() }),
            onDone: { target: '#signIn.done' },
            onError: { target: '#signIn.awaitingCode.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        signingUp: {
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
            onDone: [
              { guard: { type: 'mustConfirmEmail', params: ({ event }) => ({ result: event.output }) }, target: '#signIn.done', actions: 'noteConfirmEmail' },
              { target: '#signIn.done' },
            ],
            onError: { target: '#signIn.editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sendingReset: {
          invoke: {
            id: 'sendPasswordReset',
            src: 'sendPasswordReset',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: '#signIn.done', actions: 'noteResetSent' },
            onError: { target: '#signIn.editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        updatingPassword: {
          invoke: {
            id: 'updatePassword',
            src: 'updatePassword',
            input: ({ context }) => ({ password: context.password }),
            onDone: { target: '#signIn.done', actions: 'notePasswordUpdated' },
            onError: { target: '#signIn.editing.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    done: { type: 'final', entry: emit(({ context }) => ({ type: 'signIn.done' as const, redirect: context.redirect, notice: context.notice })) },
  },
});

export type SignInMachine = typeof signInMachine;
