// Revealing and copying one secret key (spec A2.13, A4.9, C§9; issue 16): a secret key is masked until revealed;
// reveal and copy fetch it in full from the platform and are allowed only when the member may read secrets and the
// JWT secret is not updating ('jwt.status' forwards that); a copy shows 'Copied' for 2 s. An update starting while
// the key shows masks it again and forgets the value.
import { assign, fromPromise, setup } from 'xstate';
import { canUseSecretKeys, KEY_COPY_FEEDBACK_MS } from '../src/domain/api-keys.ts';
import { errorMessage, notProvided } from './support.ts';

export type KeyRevealInput = { ref: string; keyId: string; permitted: boolean; jwtUpdating?: boolean };
export type KeyRevealContext = {
  ref: string;
  keyId: string;
  permitted: boolean;
  jwtUpdating: boolean;
  /** The full key, only while it shows (or is being copied). */
  value: string | null;
  /** What the press asked for: show it, or only copy it (a copy of a masked key leaves it masked). */
  intent: 'reveal' | 'copy';
  shown: boolean;
  error: string | null;
};
export type KeyRevealEvent = { type: 'key.reveal' };
export type KeyHideEvent = { type: 'key.hide' };
export type KeyCopyEvent = { type: 'key.copy' };
export type JwtStatusEvent = { type: 'jwt.status'; updating: boolean };
export type KeyRevealMachineEvent = KeyRevealEvent | KeyHideEvent | KeyCopyEvent | JwtStatusEvent;

export const keyRevealMachine = setup({
  types: {} as {
    context: KeyRevealContext;
    events: KeyRevealMachineEvent;
    input: KeyRevealInput;
    tags: 'busy' | 'error';
  },
  actors: {
    revealKey: fromPromise<string, { ref: string; keyId: string }>(async () => notProvided('reveal API key')),
    writeClipboard: fromPromise<void, { text: string }>(async () => notProvided('write clipboard')),
  },
  delays: { copyFeedback: KEY_COPY_FEEDBACK_MS },
  guards: {
    allowed: ({ context }) => canUseSecretKeys(context.permitted, context.jwtUpdating),
    wantsCopy: ({ context }) => context.intent === 'copy',
    wasShown: ({ context }) => context.shown,
    startsUpdating: (_, params: { updating: boolean }) => params.updating,
  },
  actions: {
    trackJwt: assign({ jwtUpdating: (_, params: { updating: boolean }) => params.updating }),
    forget: assign({ value: null, shown: false, error: null }),
  },
}).createMachine({
  id: 'keyReveal',
  context: ({ input }) => ({
    ref: input.ref,
    keyId: input.keyId,
    permitted: input.permitted,
    jwtUpdating: input.jwtUpdating ?? false,
    value: null,
    intent: 'reveal',
    shown: false,
    error: null,
  }),
  initial: 'masked',
  on: {
    // spec A4.9: an update locks the key; whatever showed is masked again.
    'jwt.status': [
      {
        guard: { type: 'startsUpdating', params: ({ event }) => ({ updating: event.updating }) },
        target: '.masked',
        actions: [{ type: 'trackJwt', params: ({ event }) => ({ updating: event.updating }) }, 'forget'],
      },
      { actions: { type: 'trackJwt', params: ({ event }) => ({ updating: event.updating }) } },
    ],
  },
  states: {
    masked: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: 'error' } },
      on: {
        'key.reveal': { guard: 'allowed', target: 'fetching', actions: assign({ intent: 'reveal', error: null }) },
        'key.copy': { guard: 'allowed', target: 'fetching', actions: assign({ intent: 'copy', error: null }) },
      },
    },
    fetching: {
      tags: 'busy',
      invoke: {
        id: 'revealKey',
        src: 'revealKey',
        input: ({ context }) => ({ ref: context.ref, keyId: context.keyId }),
        onDone: [
          { guard: 'wantsCopy', target: 'copying', actions: assign({ value: ({ event }) => event.output }) },
          { target: 'shown', actions: assign({ value: ({ event }) => event.output }) },
        ],
        onError: { target: 'masked.failed', actions: assign({ error: ({ event }) => errorMessage(event.error), value: null }) },
      },
    },
    shown: {
      entry: assign({ shown: true }),
      on: {
        'key.hide': { target: 'masked.ready', actions: 'forget' },
        'key.copy': { guard: 'allowed', target: 'copying' },
      },
    },
    copying: {
      tags: 'busy',
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.value ?? '' }),
        onDone: { target: 'copied' },
        onError: [
          { guard: 'wasShown', target: 'shown', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'masked.failed', actions: ['forget', assign({ error: ({ event }) => errorMessage(event.error) })] },
        ],
      },
    },
    // spec C§9: 'Copied' for 2 s, then back to how the key showed before.
    copied: {
      after: {
        copyFeedback: [{ guard: 'wasShown', target: 'shown' }, { target: 'masked.ready', actions: 'forget' }],
      },
      on: { 'key.hide': { target: 'masked.ready', actions: 'forget' } },
    },
  },
});

export type KeyRevealMachine = typeof keyRevealMachine;
