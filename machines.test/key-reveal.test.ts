// Revealing and copying a secret key (spec A2.13, A4.9, C§9): examples, a property and generated paths.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { keyRevealMachine, type KeyRevealInput } from '../machines/key-reveal.machine.ts';
import { selectKeyBusy, selectKeyCopied, selectKeyError, selectKeyLocked, selectKeyShown, selectRevealedKey } from '../machines/key-reveal.selectors.ts';
import { KEY_COPY_FEEDBACK_MS } from '../src/domain/api-keys.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { revealKey: 'promise', writeClipboard: 'promise' } as const;
const SECRET = 'strata_secret_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function start(input: Partial<KeyRevealInput> = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(keyRevealMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc', keyId: 'k1', permitted: true, ...input } }).start();
  return { actor, fakes };
}

describe('key-reveal machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reveals the key fetched in full, copies it with "Copied" for 2 s, and hides it again', async () => {
    const { actor, fakes } = start();
    expect(selectRevealedKey(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'key.reveal' });
    expect(selectKeyBusy(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('revealKey')[0]?.input).toEqual({ ref: 'abc', keyId: 'k1' });
    await fakes.resolve('revealKey', SECRET);
    expect(selectRevealedKey(actor.getSnapshot())).toBe(SECRET);
    actor.send({ type: 'key.copy' });
    expect(fakes.starts('writeClipboard')[0]?.input).toEqual({ text: SECRET });
    await fakes.resolve('writeClipboard');
    expect(selectKeyCopied(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(KEY_COPY_FEEDBACK_MS - 1);
    expect(selectKeyCopied(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectKeyCopied(actor.getSnapshot())).toBe(false);
    expect(selectRevealedKey(actor.getSnapshot())).toBe(SECRET);
    actor.send({ type: 'key.hide' });
    expect(selectRevealedKey(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.value).toBeNull();
  });

  it('copies a masked key without showing it, and forgets it after the feedback', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'key.copy' });
    await fakes.resolve('revealKey', SECRET);
    await fakes.resolve('writeClipboard');
    expect(selectKeyCopied(actor.getSnapshot())).toBe(true);
    expect(selectKeyShown(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(KEY_COPY_FEEDBACK_MS);
    expect(actor.getSnapshot().context.value).toBeNull();
  });

  it('does nothing without permission or while the JWT secret is updating; an update masks a shown key', async () => {
    const denied = start({ permitted: false });
    denied.actor.send({ type: 'key.reveal' });
    denied.actor.send({ type: 'key.copy' });
    expect(denied.fakes.starts()).toHaveLength(0);
    expect(selectKeyLocked(denied.actor.getSnapshot())).toBe(true);

    const { actor, fakes } = start();
    actor.send({ type: 'key.reveal' });
    await fakes.resolve('revealKey', SECRET);
    actor.send({ type: 'jwt.status', updating: true });
    expect(selectRevealedKey(actor.getSnapshot())).toBeNull();
    expect(selectKeyLocked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'key.reveal' });
    expect(fakes.starts('revealKey')).toHaveLength(1);
    actor.send({ type: 'jwt.status', updating: false });
    actor.send({ type: 'key.reveal' });
    expect(fakes.starts('revealKey')).toHaveLength(2);
  });

  it("keeps the platform's message when the key cannot be read", async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'key.reveal' });
    await fakes.reject('revealKey', new Error('You need additional permissions to view API keys'));
    expect(selectKeyError(actor.getSnapshot())).toBe('You need additional permissions to view API keys');
    expect(selectRevealedKey(actor.getSnapshot())).toBeNull();
  });

  it('property: whatever the events, a key shows only when permitted and not updating, and only the fetched value', async () => {
    const event = fc.constantFrom(
      { type: 'key.reveal' } as const,
      { type: 'key.hide' } as const,
      { type: 'key.copy' } as const,
      { type: 'jwt.status', updating: true } as const,
      { type: 'jwt.status', updating: false } as const,
      { type: 'settle' } as const,
      { type: 'tick' } as const,
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(event, { maxLength: 12 }), async (permitted, steps) => {
        const { actor, fakes } = start({ permitted });
        for (const step of steps) {
          if (step.type === 'settle') {
            if (fakes.isRunning('revealKey')) await fakes.resolve('revealKey', SECRET);
            else if (fakes.isRunning('writeClipboard')) await fakes.resolve('writeClipboard');
          } else if (step.type === 'tick') vi.advanceTimersByTime(KEY_COPY_FEEDBACK_MS);
          else actor.send(step);
          const s = actor.getSnapshot();
          const shown = selectRevealedKey(s);
          if (shown !== null) {
            expect(shown).toBe(SECRET);
            expect(permitted).toBe(true);
            expect(s.context.jwtUpdating).toBe(false);
          }
          if (!permitted) expect(fakes.starts()).toHaveLength(0);
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

type Snap = SnapshotFrom<typeof keyRevealMachine>;
const events: EventSample<typeof keyRevealMachine>[] = [
  { type: 'key.reveal' },
  { type: 'key.hide' },
  { type: 'key.copy' },
  { type: 'jwt.status', updating: true },
  { type: 'jwt.status', updating: false },
  { type: 'xstate.done.actor.revealKey', output: SECRET },
  { type: 'xstate.error.actor.revealKey', error: new Error('refused') },
  { type: 'xstate.done.actor.writeClipboard', output: undefined },
  { type: 'xstate.error.actor.writeClipboard', error: new Error('clipboard blocked') },
  { type: 'xstate.after.copyFeedback.keyReveal.copied' },
];
const invariants: Invariants<typeof keyRevealMachine> = {
  masked: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectRevealedKey(s)).toBeNull();
    expect(s.context.value).toBeNull();
  },
  'masked.ready': (s) => expect(selectKeyError(s)).toBeNull(),
  'masked.failed': (s) => expect(selectKeyError(s)).toMatch(/^(refused|clipboard blocked)$/),
  fetching: (s, { actors }) => {
    expect(actors?.running()).toEqual(['revealKey']);
    expect(selectKeyLocked(s)).toBe(false);
  },
  shown: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectRevealedKey(s)).toBe(SECRET);
    expect(s.context.jwtUpdating).toBe(false);
  },
  copying: (s, { actors }) => {
    expect(actors?.running()).toEqual(['writeClipboard']);
    expect(s.context.value).toBe(SECRET);
  },
  copied: (s) => {
    expect(selectKeyCopied(s)).toBe(true);
    expect(s.context.value).toBe(SECRET);
  },
};

describeMachinePaths('key-reveal machine: generated paths', keyRevealMachine, {
  events,
  invariants,
  input: { ref: 'abc', keyId: 'k1', permitted: true },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, c: { ...s.context } }),
  simplePaths: false,
  required: [
    'masked --key.reveal--> fetching',
    'masked --key.copy--> fetching',
    'fetching --xstate.done.actor.revealKey--> shown',
    'fetching --xstate.done.actor.revealKey--> copying',
    'fetching --xstate.error.actor.revealKey--> masked.failed',
    'shown --key.hide--> masked.ready',
    'shown --key.copy--> copying',
    'copying --xstate.done.actor.writeClipboard--> copied',
    'copied --xstate.after.copyFeedback.keyReveal.copied--> shown',
    'copied --xstate.after.copyFeedback.keyReveal.copied--> masked.ready',
    'shown --jwt.status--> masked',
  ],
});
