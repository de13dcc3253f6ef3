// Consent (spec A4.10; issue 21): read once at start-up (only when a telemetry setting is on — the console does not
// create this actor otherwise); the toast shows while the provider's layer is 0 (nothing decided). Not consented
// with the legacy entry TELEMETRY_CONSENT 'true': accepted automatically, the entry removed. acceptAll / denyAll /
// updateServices change the state at once and save through the provider; their failure rules are the spec's.
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, notProvided } from './support.ts';

export type StoredConsent = {
  /** The provider's layer: 0 while nothing was decided. */
  layer: number;
  accepted: boolean;
  /** The legacy entry TELEMETRY_CONSENT is 'true'. */
  legacyAccepted: boolean;
  categories: string[] | null;
};
export type ConsentSave =
  | { action: 'acceptAll'; removeLegacy: boolean }
  | { action: 'denyAll' }
  | { action: 'update'; services: Record<string, boolean> };

export type ConsentContext = {
  categories: string[] | null;
  showConsentToast: boolean;
  hasConsented: boolean;
  /** Whether the user had consented before the decision being saved (denyAll's failure rule). */
  consentedBefore: boolean;
  removeLegacy: boolean;
  services: Record<string, boolean>;
  error: string | null;
};
export type ConsentAcceptEvent = { type: 'consent.acceptAll' };
export type ConsentDenyEvent = { type: 'consent.denyAll' };
export type ConsentUpdateEvent = { type: 'consent.updateServices'; services: Record<string, boolean> };
export type ConsentEvent = ConsentAcceptEvent | ConsentDenyEvent | ConsentUpdateEvent;

const allAccepted = (services: Record<string, boolean>) => Object.values(services).every(Boolean);

export const consentMachine = setup({
  types: {} as { context: ConsentContext; events: ConsentEvent; tags: 'busy' | 'error' },
  actors: {
    readConsent: fromPromise<StoredConsent>(async () => notProvided('read consent')),
    saveConsent: fromPromise<string[] | null, ConsentSave>(async () => notProvided('save consent')),
  },
  guards: {
    acceptsLegacy: (_, { stored }: { stored: StoredConsent }) => !stored.accepted && stored.legacyAccepted,
    consentedBefore: ({ context }) => context.consentedBefore,
  },
}).createMachine({
  id: 'consent',
  context: { categories: null, showConsentToast: false, hasConsented: false, consentedBefore: false, removeLegacy: false, services: {}, error: null },
  initial: 'reading',
  states: {
    reading: {
      tags: 'busy',
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [
          // spec A4.10: the legacy key accepts all, then goes.
          {
            guard: { type: 'acceptsLegacy', params: ({ event }) => ({ stored: event.output }) },
            target: 'accepting',
            actions: assign({ hasConsented: true, showConsentToast: false, consentedBefore: false, removeLegacy: true }),
          },
          {
            target: 'idle',
            actions: assign(({ event }) => ({
              categories: event.output.categories,
              showConsentToast: event.output.layer === 0,
              hasConsented: event.output.accepted,
            })),
          },
        ],
        // Nothing readable: ask.
        onError: { target: 'idle', actions: assign({ showConsentToast: true, hasConsented: false, error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    idle: {
      on: {
        'consent.acceptAll': {
          target: 'accepting',
          actions: assign(({ context }) => ({ consentedBefore: context.hasConsented, hasConsented: true, showConsentToast: false, removeLegacy: false, error: null })),
        },
        'consent.denyAll': {
          target: 'denying',
          actions: assign(({ context }) => ({ consentedBefore: context.hasConsented, hasConsented: false, showConsentToast: false, error: null })),
        },
        'consent.updateServices': {
          target: 'updating',
          actions: assign(({ event }) => ({ services: event.services, hasConsented: allAccepted(event.services), showConsentToast: false, error: null })),
        },
      },
    },
    accepting: {
      tags: 'busy',
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: ({ context }) => ({ action: 'acceptAll' as const, removeLegacy: context.removeLegacy }),
        onDone: { target: 'idle', actions: assign({ categories: ({ event }) => event.output }) },
        // spec A4.10: on provider failure consent reverts and the toast shows again.
        onError: {
          target: 'idle',
          actions: assign(({ context, event }) => ({ hasConsented: context.consentedBefore, showConsentToast: true, error: errorMessage(event.error) })),
        },
      },
    },
    denying: {
      tags: 'busy',
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: { action: 'denyAll' as const },
        onDone: { target: 'idle', actions: assign({ categories: ({ event }) => event.output }) },
        // spec A4.10: the toast shows again only if the user had consented before.
        onError: [
          { guard: 'consentedBefore', target: 'idle', actions: assign({ showConsentToast: true, error: ({ event }) => errorMessage(event.error) }) },
          { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    updating: {
      tags: 'busy',
      invoke: {
        id: 'saveConsent',
        src: 'saveConsent',
        input: ({ context }) => ({ action: 'update' as const, services: context.services }),
        // spec A4.10: categories refreshed.
        onDone: { target: 'idle', actions: assign({ categories: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ showConsentToast: true, error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});

export type ConsentMachine = typeof consentMachine;
