// Storage form submission machine: examples, generated paths, a property.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { storageTaskMachine } from '../machines/storage-task.machine.ts';
import { selectSubmitting, selectSucceeded, selectTaskError, selectTaskOutput } from '../machines/storage-task.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths } from './support/paths.ts';

describe('storage task machine: examples', () => {
  it('submits once, keeps the output, fails with the message, and resubmits', async () => {
    const fakes = controlledActors({ perform: 'promise' });
    const actor = createActor(storageTaskMachine.provide({ actors: fakes.logic })).start();
    actor.send({ type: 'task.submit', request: { id: 'media' } });
    actor.send({ type: 'task.submit', request: { id: 'other' } });
    expect(fakes.starts('perform')).toHaveLength(1);
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    await fakes.reject('perform', new Error('The resource already exists'));
    expect(selectTaskError(actor.getSnapshot())).toBe('The resource already exists');
    actor.send({ type: 'task.submit', request: { id: 'media2' } });
    expect(selectTaskError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('perform', { signedUrl: 'http://x' });
    expect(selectSucceeded(actor.getSnapshot())).toBe(true);
    expect(selectTaskOutput(actor.getSnapshot())).toEqual({ signedUrl: 'http://x' });
    actor.send({ type: 'task.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('property: at most one perform runs at a time, whatever is clicked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('submit', 'reset', 'ok', 'fail'), { maxLength: 20 }), async (steps) => {
        const fakes = controlledActors({ perform: 'promise' });
        const actor = createActor(storageTaskMachine.provide({ actors: fakes.logic })).start();
        for (const step of steps) {
          if (step === 'submit') actor.send({ type: 'task.submit', request: 1 });
          else if (step === 'reset') actor.send({ type: 'task.reset' });
          else if (fakes.isRunning('perform')) await (step === 'ok' ? fakes.resolve('perform', 1) : fakes.reject('perform', 'x'));
          expect(fakes.running().length).toBeLessThanOrEqual(1);
          expect(selectSubmitting(actor.getSnapshot())).toBe(fakes.isRunning('perform'));
        }
      }),
    );
  });
});

const fakes = controlledActors({ perform: 'promise' });
describeMachinePaths('storage task machine: generated paths', storageTaskMachine, {
  actors: fakes,
  events: [
    { type: 'task.submit', request: { id: 'media' } },
    { type: 'task.reset' },
    { type: 'xstate.done.actor.perform', output: 'ok' },
    { type: 'xstate.error.actor.perform', error: 'denied' },
  ],
  invariants: {
    idle: (s) => expect(s.context.error).toBeNull(),
    submitting: () => expect(fakes.isRunning('perform')).toBe(true),
    succeeded: (s) => expect(s.context.output).toBe('ok'),
    failed: (s) => expect(selectTaskError(s)).toBe('denied'),
  },
});
