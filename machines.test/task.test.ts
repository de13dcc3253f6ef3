// The task machine (issue 15: one typed way to run a mutation from a view): examples of the emitted events, and the
// generated paths with the transitions the issue names (idle → running → done | failed, retry, reset).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { taskMachine, taskWith, type TaskEmitted } from '../machines/task.machine.ts';
import { selectTaskDone, selectTaskError, selectTaskOutput, selectTaskRunning } from '../machines/task.selectors.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, itRejectsEachDeletedTransition } from './support/paths.ts';

function start() {
  const fakes = controlledActors({ perform: 'promise' } as const);
  const actor = createActor(taskMachine.provide({ actors: fakes.logic })).start();
  const emitted: TaskEmitted<unknown>[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, fakes, emitted };
}

describe('task machine: examples', () => {
  it('runs once per click, emits task.done with the output, and keeps it', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'task.run', input: { id: 'media' } });
    actor.send({ type: 'task.run', input: { id: 'other' } });
    expect(fakes.starts('perform').map((s) => s.input)).toEqual([{ id: 'media' }]);
    expect(selectTaskRunning(actor.getSnapshot())).toBe(true);
    expect(emitted).toEqual([]);
    await fakes.resolve('perform', { signedUrl: 'http://x' });
    expect(emitted).toEqual([{ type: 'task.done', output: { signedUrl: 'http://x' } }]);
    expect(selectTaskDone(actor.getSnapshot())).toBe(true);
    expect(selectTaskOutput(actor.getSnapshot())).toEqual({ signedUrl: 'http://x' });
  });

  it("emits task.failed with the effect's message, keeps it until the next run, and retries the same input", async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'task.run', input: 'drop table x' });
    await fakes.reject('perform', new Error('relation "x" does not exist'));
    expect(emitted).toEqual([{ type: 'task.failed', message: 'relation "x" does not exist' }]);
    expect(selectTaskError(actor.getSnapshot())).toBe('relation "x" does not exist');
    actor.send({ type: 'task.retry' });
    expect(selectTaskError(actor.getSnapshot())).toBeNull();
    expect(fakes.starts('perform').map((s) => s.input)).toEqual(['drop table x', 'drop table x']);
    await fakes.resolve('perform', null);
    expect(emitted.map((e) => e.type)).toEqual(['task.failed', 'task.done']);
  });

  it('a reset abandons a run in flight: its outcome is never emitted', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'task.run', input: 1 });
    actor.send({ type: 'task.reset' });
    expect(fakes.isRunning('perform')).toBe(false);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'task.run', input: 2 });
    await fakes.resolve('perform', 'two');
    expect(emitted).toEqual([{ type: 'task.done', output: 'two' }]);
  });

  it('taskWith runs the given effect with the input and passes its result on', async () => {
    const seen: number[] = [];
    const actor = createActor(taskWith(async (n: number) => (seen.push(n), n * 2))).start();
    const outputs: unknown[] = [];
    actor.on('task.done', (event) => outputs.push(event.output));
    actor.send({ type: 'task.run', input: 21 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([21]);
    expect(outputs).toEqual([42]);
  });

  it('without a provided effect it fails loudly, naming the missing actor', async () => {
    const actor = createActor(taskMachine).start();
    actor.send({ type: 'task.run', input: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectTaskError(actor.getSnapshot())).toBe("the 'perform' actor is not provided");
  });
});

const required = [
  'idle --task.run--> running',
  'running --xstate.done.actor.perform--> done',
  'running --xstate.error.actor.perform--> failed',
  'failed --task.retry--> running',
  'failed --task.run--> running',
  'done --task.run--> running',
  'running --task.reset--> idle',
  'failed --task.reset--> idle',
  'done --task.reset--> idle',
];
itRejectsEachDeletedTransition(taskMachine, required);

const fakes = controlledActors({ perform: 'promise' } as const);
describeMachinePaths('task machine: generated paths', taskMachine, {
  actors: fakes,
  events: [
    { type: 'task.run', input: { id: 'media' } },
    { type: 'task.retry' },
    { type: 'task.reset' },
    { type: 'xstate.done.actor.perform', output: 'ok' },
    { type: 'xstate.error.actor.perform', error: new Error('denied') },
  ],
  required,
  invariants: {
    idle: (s, { actors }) => {
      expect(actors?.running()).toEqual([]);
      expect(s.context).toEqual({ input: null, output: null, error: null });
    },
    running: (s, { actors }) => {
      expect(actors?.running()).toEqual(['perform']);
      expect(actors?.starts('perform').at(-1)?.input).toEqual({ id: 'media' });
      expect(selectTaskError(s)).toBeNull();
      expect(selectTaskOutput(s)).toBeNull();
    },
    done: (s) => expect(selectTaskOutput(s)).toBe('ok'),
    failed: (s) => expect(selectTaskError(s)).toBe('denied'),
  },
});
