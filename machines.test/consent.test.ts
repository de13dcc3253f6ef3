// Consent (spec A4.10): examples, a property and generated paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { consentMachine, type StoredConsent } from '../machines/consent.machine.ts';
import { selectHasConsented, selectShowConsentToast } from '../machines/consent.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { readConsent: 'promise', saveConsent: 'promise' } as const;
const UNDECIDED: StoredConsent = { layer: 0, accepted: false, legacyAccepted: false, categories: null };
const ACCEPTED: StoredConsent = { layer: 1, accepted: true, legacyAccepted: false, categories: ['analytics'] };
const LEGACY: StoredConsent = { layer: 0, accepted: false, legacyAccepted: true, categories: null };

async function start(stored: StoredConsent) {
  const fakes = controlledActors(kinds);
  const actor = createActor(consentMachine.provide({ actors: fakes.logic })).start();
  await fakes.resolve('readConsent', stored);
  return { actor, fakes };
}

describe('consent machine: examples', () => {
  it('shows the toast while nothing is decided; accept hides it and consents', async () => {
    const { actor, fakes } = await start(UNDECIDED);
    expect(selectShowConsentToast(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'consent.acceptAll' });
    expect(selectShowConsentToast(actor.getSnapshot())).toBe(false);
    expect(selectHasConsented(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('saveConsent')[0]?.input).toEqual({ action: 'acceptAll', removeLegacy: false });
    await fakes.resolve('saveConsent', ['analytics']);
    expect(actor.getSnapshot().context.categories).toEqual(['analytics']);
  });

  it('accepts automatically from the legacy key and asks the provider to remove it', async () => {
    const { actor, fakes } = await start(LEGACY);
    expect(selectHasConsented(actor.getSnapshot())).toBe(true);
    expect(selectShowConsentToast(actor.getSnapshot())).toBe(false);
    expect(fakes.starts('saveConsent')[0]?.input).toEqual({ action: 'acceptAll', removeLegacy: true });
  });

  it('failure rules: accept reverts and shows the toast; deny shows it again only after a previous consent; update shows it', async () => {
    const a = await start(UNDECIDED);
    a.actor.send({ type: 'consent.acceptAll' });
    await a.fakes.reject('saveConsent', new Error('blocked'));
    expect(selectHasConsented(a.actor.getSnapshot())).toBe(false);
    expect(selectShowConsentToast(a.actor.getSnapshot())).toBe(true);

    const b = await start(UNDECIDED);
    b.actor.send({ type: 'consent.denyAll' });
    await b.fakes.reject('saveConsent', new Error('blocked'));
    expect(selectShowConsentToast(b.actor.getSnapshot())).toBe(false);

    const c = await start(ACCEPTED);
    expect(selectShowConsentToast(c.actor.getSnapshot())).toBe(false);
    c.actor.send({ type: 'consent.denyAll' });
    expect(selectHasConsented(c.actor.getSnapshot())).toBe(false);
    await c.fakes.reject('saveConsent', new Error('blocked'));
    expect(selectShowConsentToast(c.actor.getSnapshot())).toBe(true);

    const d = await start(ACCEPTED);
    d.actor.send({ type: 'consent.updateServices', services: { analytics: true, ads: false } });
    expect(selectHasConsented(d.actor.getSnapshot())).toBe(false);
    await d.fakes.reject('saveConsent', new Error('blocked'));
    expect(selectShowConsentToast(d.actor.getSnapshot())).toBe(true);
  });

  it('property: after any sequence of decisions that all save, consent equals the last decision and the toast is hidden', async () => {
    const decision = fc.oneof(
      fc.constant({ type: 'consent.acceptAll' } as const),
      fc.constant({ type: 'consent.denyAll' } as const),
      fc.dictionary(fc.constantFrom('analytics', 'ads', 'support'), fc.boolean(), { minKeys: 1 }).map((services) => ({ type: 'consent.updateServices', services }) as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(decision, { minLength: 1, maxLength: 8 }), async (decisions) => {
        const { actor, fakes } = await start(UNDECIDED);
        for (const step of decisions) {
          actor.send(step);
          await fakes.resolve('saveConsent', null);
        }
        const last = decisions.at(-1)!;
        const expected = last.type === 'consent.acceptAll' ? true : last.type === 'consent.denyAll' ? false : Object.values(last.services).every(Boolean);
        expect(selectHasConsented(actor.getSnapshot())).toBe(expected);
        expect(selectShowConsentToast(actor.getSnapshot())).toBe(false);
        actor.stop();
      }),
      { numRuns: 100 },
    );
  });
});

const events: EventSample<typeof consentMachine>[] = [
  { type: 'consent.acceptAll' },
  { type: 'consent.denyAll' },
  { type: 'consent.updateServices', services: { analytics: true } },
  { type: 'xstate.done.actor.readConsent', output: UNDECIDED },
  { type: 'xstate.done.actor.readConsent', output: LEGACY },
  { type: 'xstate.done.actor.readConsent', output: ACCEPTED },
  { type: 'xstate.error.actor.readConsent', error: new Error('no storage') },
  { type: 'xstate.done.actor.saveConsent', output: ['analytics'] },
  { type: 'xstate.error.actor.saveConsent', error: new Error('blocked') },
];
const invariants: Invariants<typeof consentMachine> = {
  reading: (s, { actors }) => {
    expect(actors?.running()).toEqual(['readConsent']);
    expect(selectShowConsentToast(s)).toBe(false);
  },
  idle: (s, { actors }) => expect(actors?.running()).toEqual([]),
  accepting: (s) => {
    expect(selectHasConsented(s)).toBe(true);
    expect(selectShowConsentToast(s)).toBe(false);
  },
  denying: (s) => {
    expect(selectHasConsented(s)).toBe(false);
    expect(selectShowConsentToast(s)).toBe(false);
  },
  updating: (s) => expect(selectShowConsentToast(s)).toBe(false),
};

describeMachinePaths('consent machine: generated paths', consentMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  simplePaths: false,
  required: [
    'reading --xstate.done.actor.readConsent--> accepting',
    'reading --xstate.done.actor.readConsent--> idle',
    'idle --consent.acceptAll--> accepting',
    'idle --consent.denyAll--> denying',
    'idle --consent.updateServices--> updating',
    'accepting --xstate.error.actor.saveConsent--> idle',
    'denying --xstate.error.actor.saveConsent--> idle',
    'updating --xstate.error.actor.saveConsent--> idle',
  ],
});
