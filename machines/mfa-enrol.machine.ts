// Account security: list MFA factors, enrol an authenticator app (QR code + secret), verify it, remove a factor
// (spec A3 MFA factor and TOTP enrolment reply, A4.11 factor status unverified → verified, aal1 → aal2).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type AuthFactor, type TotpEnrolment } from '../src/domain/auth.ts';
import { describeAuthError, validateCode } from '../src/domain/auth-forms.ts';
import { notProvided } from './support.ts';

export type MfaEnrolContext = {
  factors: AuthFactor[];
  enrolment: TotpEnrolment | null;
  code: string;
  error: string | null;
  notice: string | null;
  removingFactorId: string | null;
};

export type MfaRetryEvent = { type: 'mfa.retry' };
export type MfaEnrolEvent = { type: 'mfa.enrol'; friendlyName?: string };
export type MfaEditCodeEvent = { type: 'mfa.editCode'; value: string };
export type MfaVerifyEvent = { type: 'mfa.verify' };
export type MfaCancelEvent = { type: 'mfa.cancel' };
export type MfaRemoveEvent = { type: 'mfa.remove'; factorId: string };
export type MfaEvent = MfaRetryEvent | MfaEnrolEvent | MfaEditCodeEvent | MfaVerifyEvent | MfaCancelEvent | MfaRemoveEvent;

export type MfaTag = 'busy' | 'error';

export type EnrolTotpInput = { friendlyName: string | undefined };
export type VerifyFactorInput = { factorId: string; code: string };
export type UnenrolFactorInput = { factorId: string };

export const MFA_NOTICES = {
  added: 'Authenticator app added. Sign-ins now ask for its code.',
  removed: 'Factor removed.',
} as const;

export const mfaEnrolMachine = setup({
  types: {} as {
    context: MfaEnrolContext;
    events: MfaEvent;
    tags: MfaTag;
  },
  actors: {
    listFactors: fromPromise<AuthFactor[], void>(async () => notProvided('list factors')),
    enrolTotp: fromPromise<TotpEnrolment, EnrolTotpInput>(async () => notProvided('enrol TOTP')),
    verifyFactor: fromPromise<void, VerifyFactorInput>(async () => notProvided('verify factor')),
    unenrolFactor: fromPromise<void, UnenrolFactorInput>(async () => notProvided('unenrol factor')),
  },
  guards: {
    codeInvalid: ({ context }) => validateCode(context.code) !== null,
  },
  actions: {
    storeFactors: assign({ factors: (_, params: { factors: AuthFactor[] | undefined }) => params.factors ?? [] }),
    storeFailure: assign({ error: (_, params: { error: unknown }) => describeAuthError(params.error).message }),
    clearMessages: assign({ error: null, notice: null }),
    storeEnrolment: assign({
      enrolment: (_, params: { enrolment: TotpEnrolment | undefined }) => params.enrolment ?? null,
      code: '',
      error: null,
    }),
    editCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'mfa.editCode');
        return event.value;
      },
    }),
    storeCodeError: assign({ error: ({ context }) => validateCode(context.code) }),
    forgetEnrolment: assign({ enrolment: null, code: '' }),
    noteAdded: assign({ notice: MFA_NOTICES.added }),
    noteRemoved: assign({ notice: MFA_NOTICES.removed, removingFactorId: null }),
    rememberRemoval: assign({
      removingFactorId: ({ event }) => {
        assertEvent(event, 'mfa.remove');
        return event.factorId;
      },
      error: null,
      notice: null,
    }),
    forgetRemoval: assign({ removingFactorId: null }),
  },
}).createMachine({
  id: 'mfaEnrol',
  context: {
    factors: [],
    enrolment: null,
    code: '',
    error: null,
    notice: null,
    removingFactorId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'listFactors',
        src: 'listFactors',
        onDone: { target: 'idle', actions: { type: 'storeFactors', params: ({ event }) => ({ factors: event.output }) } },
        onError: { target: 'failedToLoad', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failedToLoad: {
      tags: 'error',
      on: { 'mfa.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    idle: {
      initial: 'ready',
      states: {
        ready: {},
        failed: { tags: 'error' },
      },
      on: {
        'mfa.enrol': { target: 'enrolling', actions: 'clearMessages' },
        'mfa.remove': { target: 'removing', actions: 'rememberRemoval' },
      },
    },
    enrolling: {
      tags: 'busy',
      invoke: {
        id: 'enrolTotp',
        src: 'enrolTotp',
        // Only mfa.enrol enters this state; its name is optional.
        input: ({ event }) => ({ friendlyName: (event.type === 'mfa.enrol' ? event.friendlyName?.trim() : undefined) || undefined }),
        onDone: { target: 'showingSecret', actions: { type: 'storeEnrolment', params: ({ event }) => ({ enrolment: event.output }) } },
        onError: { target: 'idle.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The QR code and the secret are shown until the app's first code verifies the factor.
    showingSecret: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: { tags: 'error' },
        failed: { tags: 'error' },
      },
      on: {
        'mfa.editCode': { actions: 'editCode' },
        'mfa.verify': [
          { guard: 'codeInvalid', target: '.invalid', actions: 'storeCodeError' },
          { target: 'verifying', actions: 'clearMessages' },
        ],
        'mfa.cancel': { target: 'cancelling', actions: 'clearMessages' },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        id: 'verifyFactor',
        src: 'verifyFactor',
        input: ({ context }) => ({ factorId: context.enrolment!.factorId, code: context.code.trim() }),
        onDone: { target: 'loading', actions: ['forgetEnrolment', 'noteAdded'] },
        onError: { target: 'showingSecret.failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // An abandoned enrolment leaves an unverified factor behind: remove it (a failure changes nothing visible).
    cancelling: {
      tags: 'busy',
      invoke: {
        id: 'cancelEnrolment',
        src: 'unenrolFactor',
        input: ({ context }) => ({ factorId: context.enrolment!.factorId }),
        onDone: { target: 'loading', actions: 'forgetEnrolment' },
        onError: { target: 'loading', actions: 'forgetEnrolment' },
      },
    },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'unenrolFactor',
        src: 'unenrolFactor',
        input: ({ context }) => ({ factorId: context.removingFactorId! }),
        onDone: { target: 'loading', actions: 'noteRemoved' },
        onError: { target: 'idle.failed', actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetRemoval'] },
      },
    },
  },
});

export type MfaEnrolMachine = typeof mfaEnrolMachine;
