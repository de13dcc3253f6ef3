import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { MFA_NOTICES, mfaEnrolMachine } from '../machines/mfa-enrol.machine.ts';
import {
  selectCanEnrol,
  selectEnrolment,
  selectError,
  selectFactors,
  selectIsShowingSecret,
  selectNotice,
  selectRemovingFactorId,
  selectVerifiedFactors,
} from '../machines/mfa-enrol.selectors.ts';
import { type AuthFactor, type TotpEnrolment } from '../src/domain/auth.ts';
import { AUTH_MESSAGES } from '../src/domain/auth-forms.ts';
import { controlledActors } from './support/controlled-actors.ts';
import type { EventSample, Invariants } from './support/paths.ts';
import { describeMachinePaths } from './support/paths.ts';

const kinds = { listFactors: 'promise', enrolTotp: 'promise', verifyFactor: 'promise', unenrolFactor: 'promise' } as const;
const verified: AuthFactor = { id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone' };
const pending: AuthFactor = { id: 'f2', factor_type: 'totp', status: 'unverified' };
const enrolment: TotpEnrolment = {
  factorId: 'f2',
  friendlyName: 'Laptop',
  qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Strata:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Strata',
};

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(mfaEnrolMachine.provide({ actors: fakes.logic })).start();
  return { actor, fakes };
}

describe('mfa-enrol machine: examples', () => {
  it('loads the factors, lists the verified ones', async () => {
    const { actor, fakes } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await fakes.resolve('listFactors', [verified, pending]);
    expect(selectCanEnrol(actor.getSnapshot())).toBe(true);
    expect(selectFactors(actor.getSnapshot())).toHaveLength(2);
    expect(selectVerifiedFactors(actor.getSnapshot())).toEqual([verified]);
  });

  it('a failed load can be retried', async () => {
    const { actor, fakes } = start();
    await fakes.reject('listFactors', new Error('Auth session missing!'));
    expect(actor.getSnapshot().matches('failedToLoad')).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('Auth session missing!');
    actor.send({ type: 'mfa.retry' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('listFactors', []);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('enrols, shows the QR code and secret, verifies with a code, reloads', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('listFactors', []);
    actor.send({ type: 'mfa.enrol', friendlyName: ' Laptop ' });
    expect(fakes.starts('enrolTotp')[0]?.input).toEqual({ friendlyName: 'Laptop' });
    await fakes.resolve('enrolTotp', enrolment);
    expect(selectIsShowingSecret(actor.getSnapshot())).toBe(true);
    expect(selectEnrolment(actor.getSnapshot())).toEqual(enrolment);
    actor.send({ type: 'mfa.editCode', value: '12a' });
    actor.send({ type: 'mfa.verify' });
    expect(selectError(actor.getSnapshot())).toBe(AUTH_MESSAGES.codeFormat);
    expect(fakes.starts('verifyFactor')).toHaveLength(0);
    actor.send({ type: 'mfa.editCode', value: '123456' });
    actor.send({ type: 'mfa.verify' });
    expect(fakes.starts('verifyFactor')[0]?.input).toEqual({ factorId: 'f2', code: '123456' });
    await fakes.reject('verifyFactor', new Error('Invalid TOTP code entered'));
    expect(actor.getSnapshot().matches({ showingSecret: 'failed' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('Invalid TOTP code entered');
    actor.send({ type: 'mfa.verify' });
    await fakes.resolve('verifyFactor');
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await fakes.resolve('listFactors', [{ ...pending, status: 'verified' }]);
    expect(selectNotice(actor.getSnapshot())).toBe(MFA_NOTICES.added);
    expect(selectEnrolment(actor.getSnapshot())).toBeNull();
  });

  it('an enrolment without a name sends none', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('listFactors', []);
    actor.send({ type: 'mfa.enrol', friendlyName: '   ' });
    expect(fakes.starts('enrolTotp')[0]?.input).toEqual({ friendlyName: undefined });
  });

  it('cancelling removes the unverified factor, even when that fails', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('listFactors', []);
    actor.send({ type: 'mfa.enrol' });
    await fakes.resolve('enrolTotp', enrolment);
    actor.send({ type: 'mfa.cancel' });
    expect(fakes.starts('unenrolFactor')[0]?.input).toEqual({ factorId: 'f2' });
    await fakes.reject('cancelEnrolment', new Error('offline'));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(selectEnrolment(actor.getSnapshot())).toBeNull();
  });

  it('removes a factor; a failure is shown', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('listFactors', [verified]);
    actor.send({ type: 'mfa.remove', factorId: 'f1' });
    expect(selectRemovingFactorId(actor.getSnapshot())).toBe('f1');
    await fakes.reject('unenrolFactor', new Error('AAL2 required'));
    expect(actor.getSnapshot().matches({ idle: 'failed' })).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe('AAL2 required');
    actor.send({ type: 'mfa.remove', factorId: 'f1' });
    await fakes.resolve('unenrolFactor');
    await fakes.resolve('listFactors', []);
    expect(selectNotice(actor.getSnapshot())).toBe(MFA_NOTICES.removed);
    expect(selectFactors(actor.getSnapshot())).toEqual([]);
  });

  it.each(Object.keys(kinds))('the default %s actor is a loud stub', async (name) => {
    const logic = mfaEnrolMachine.implementations.actors[name as keyof typeof kinds] as AnyActorLogic;
    const child = createActor(logic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('mfa-enrol machine: properties', () => {
  it('only a 6-digit code is sent for verification', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 10 })), async (code) => {
        const { actor, fakes } = start();
        await fakes.resolve('listFactors', []);
        actor.send({ type: 'mfa.enrol' });
        await fakes.resolve('enrolTotp', enrolment);
        actor.send({ type: 'mfa.editCode', value: code });
        actor.send({ type: 'mfa.verify' });
        const sent = fakes.starts('verifyFactor').length === 1;
        expect(sent).toBe(/^\d{6}$/.test(code.trim()));
        if (sent) expect(fakes.starts('verifyFactor')[0]?.input).toEqual({ factorId: 'f2', code: code.trim() });
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});

type Snap = SnapshotFrom<typeof mfaEnrolMachine>;
const events: EventSample<typeof mfaEnrolMachine>[] = [
  { type: 'mfa.retry' },
  { type: 'mfa.enrol', friendlyName: 'Laptop' },
  { type: 'mfa.editCode', value: '123456' },
  { type: 'mfa.editCode', value: '12' },
  { type: 'mfa.verify' },
  { type: 'mfa.cancel' },
  { type: 'mfa.remove', factorId: 'f1' },
  { type: 'xstate.done.actor.listFactors', output: [verified] },
  { type: 'xstate.error.actor.listFactors', error: { message: 'Auth session missing!' } },
  { type: 'xstate.done.actor.enrolTotp', output: enrolment },
  { type: 'xstate.error.actor.enrolTotp', error: { message: 'Too many unverified factors' } },
  { type: 'xstate.done.actor.verifyFactor' },
  { type: 'xstate.error.actor.verifyFactor', error: { message: 'Invalid TOTP code entered' } },
  { type: 'xstate.done.actor.cancelEnrolment' },
  { type: 'xstate.error.actor.cancelEnrolment', error: { message: 'offline' } },
  { type: 'xstate.done.actor.unenrolFactor' },
  { type: 'xstate.error.actor.unenrolFactor', error: { message: 'AAL2 required' } },
];
const invariants: Invariants<typeof mfaEnrolMachine> = {
  loading: (s, { actors }) => {
    expect(actors?.isRunning('listFactors')).toBe(true);
    expect(s.hasTag('busy')).toBe(true);
  },
  failedToLoad: (s) => expect(selectError(s)).not.toBeNull(),
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectEnrolment(s)).toBeNull();
  },
  'idle.failed': (s) => expect(selectError(s)).not.toBeNull(),
  enrolling: (_s, { actors }) => expect(actors?.isRunning('enrolTotp')).toBe(true),
  showingSecret: (s, { actors }) => {
    expect(selectEnrolment(s)?.qrCode).toBe(enrolment.qrCode);
    expect(actors?.running()).toEqual([]);
  },
  'showingSecret.invalid': (s) => expect(selectError(s)).toBe(AUTH_MESSAGES.codeFormat),
  verifying: (s, { actors }) => {
    expect(actors?.starts('verifyFactor').at(-1)?.input).toEqual({ factorId: 'f2', code: s.context.code });
    expect(actors?.isRunning('verifyFactor')).toBe(true);
  },
  cancelling: (_s, { actors }) => expect(actors?.starts('unenrolFactor').at(-1)?.input).toEqual({ factorId: 'f2' }),
  removing: (s, { actors }) => {
    expect(selectRemovingFactorId(s)).toBe('f1');
    expect(actors?.isRunning('unenrolFactor')).toBe(true);
  },
};

describeMachinePaths('mfa-enrol machine: generated paths', mfaEnrolMachine, {
  events,
  invariants,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, code: s.context.code, enrolment: s.context.enrolment !== null, removing: s.context.removingFactorId }),
  simplePaths: false,
});
