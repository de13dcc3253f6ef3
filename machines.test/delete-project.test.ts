import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { deleteProjectMachine, type DeleteProjectInput } from '../machines/delete-project.machine.ts';
import {
  selectDeleteError,
  selectIsDeleted,
  selectIsDeleting,
  selectNameMatches,
  selectNameMismatch,
  selectReasons,
  selectShowsSurvey,
  selectTyped,
  selectValidation,
} from '../machines/delete-project.selectors.ts';
import type { LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';
import { controlledActors } from './support/controlled-actors.ts';
import type { EventSample, Invariants } from './support/paths.ts';

const kinds = { deleteProject: 'promise', sendExitSurvey: 'promise' } as const;
const paid: DeleteProjectInput = { ref: 'abc', name: 'Storefront', orgSlug: 'acme', isFreePlan: false };

function start(input: Partial<DeleteProjectInput> = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(deleteProjectMachine.provide({ actors: fakes.logic }), { input: { ...paid, ...input } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('delete-project machine: examples', () => {
  it('paid plan: the exact name and a reason, then DELETE, then the survey', async () => {
    const { actor, fakes } = start();
    expect(selectShowsSurvey(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'name.edit', value: 'Storefron' });
    // Why the button stays disabled is said while typing, not only on a submit the disabled button cannot send.
    expect(selectNameMismatch(actor.getSnapshot())).toBe('Value entered does not match');
    actor.send({ type: 'delete.submit' });
    expect(selectValidation(actor.getSnapshot())).toBe('Value entered does not match');
    // spec A5: the typed text is trimmed (a pasted name with a trailing space or newline matches).
    actor.send({ type: 'name.edit', value: ' Storefront \n' });
    expect(selectNameMatches(actor.getSnapshot())).toBe(true);
    expect(selectNameMismatch(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'delete.submit' });
    expect(selectValidation(actor.getSnapshot())).toBe('Please select a reason for deleting your project');
    expect(fakes.starts('deleteProject')).toHaveLength(0);
    actor.send({ type: 'reason.toggle', reason: 'Too expensive' });
    actor.send({ type: 'reason.toggle', reason: 'Difficult to use' });
    actor.send({ type: 'reason.toggle', reason: 'Too expensive' });
    actor.send({ type: 'reason.toggle', reason: 'None of the above' });
    actor.send({ type: 'feedback.edit', value: 'Moving elsewhere' });
    actor.send({ type: 'delete.submit' });
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('deleteProject')[0]?.input).toEqual({ ref: 'abc' });
    await fakes.resolve('deleteProject', {});
    expect(fakes.starts('sendExitSurvey')[0]?.input).toEqual({
      projectRef: 'abc',
      orgSlug: 'acme',
      reasons: '- Difficult to use\n- None of the above',
      additionalFeedback: 'Moving elsewhere',
      exitAction: 'delete',
    });
    await fakes.resolve('sendExitSurvey', {});
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
  });

  it('free plan: no survey asked nor sent', async () => {
    const { actor, fakes } = start({ isFreePlan: true });
    expect(selectShowsSurvey(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'name.edit', value: 'Storefront' });
    actor.send({ type: 'delete.submit' });
    await fakes.resolve('deleteProject', {});
    expect(fakes.starts('sendExitSurvey')).toHaveLength(0);
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
  });

  it('a failed delete keeps every input and says why; a failed survey is only logged', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'name.edit', value: 'Storefront' });
    actor.send({ type: 'reason.toggle', reason: 'Too expensive' });
    actor.send({ type: 'feedback.edit', value: 'bye' });
    actor.send({ type: 'delete.submit' });
    await fakes.reject('deleteProject', new Error('You need additional permissions to delete this project'));
    const s = actor.getSnapshot();
    expect(selectDeleteError(s)).toBe('Failed to delete project: You need additional permissions to delete this project');
    expect([selectTyped(s), selectReasons(s), s.context.feedback]).toEqual(['Storefront', ['Too expensive'], 'bye']);
    actor.send({ type: 'delete.submit' });
    expect(selectDeleteError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('deleteProject', {});
    await fakes.reject('sendExitSurvey', new Error('down'));
    expect(selectIsDeleted(actor.getSnapshot())).toBe(true);
    expect(notices).toEqual([
      { type: 'notice.toast', kind: 'error', message: 'Failed to delete project: You need additional permissions to delete this project' },
      { type: 'notice.log', message: 'Failed to submit exit survey: down' },
      { type: 'project.deleted' },
    ]);
  });

  it('emits project.deleted once the project is gone (issue 15: the modal navigates on it), after the survey on paid plans', async () => {
    for (const isFreePlan of [true, false]) {
      const { actor, fakes, notices } = start({ isFreePlan });
      actor.send({ type: 'name.edit', value: 'Storefront' });
      actor.send({ type: 'reason.toggle', reason: 'Too expensive' });
      actor.send({ type: 'delete.submit' });
      await fakes.resolve('deleteProject', {});
      if (!isFreePlan) {
        expect(notices).toEqual([]);
        await fakes.resolve('sendExitSurvey', {});
      }
      expect(notices).toEqual([{ type: 'project.deleted' }]);
    }
  });

  it('the default actors are loud stubs', async () => {
    for (const name of Object.keys(kinds) as Array<keyof typeof kinds>) {
      const child = createActor(deleteProjectMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('delete-project machine: properties', () => {
  it('deletes only when the trimmed typed text is exactly the name (and, on paid plans, a reason is picked)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.boolean(), fc.subarray(['A', 'B', 'C']), (name, typed, isFreePlan, reasons) => {
        const { actor, fakes } = start({ name, isFreePlan });
        actor.send({ type: 'name.edit', value: typed });
        for (const reason of reasons) actor.send({ type: 'reason.toggle', reason });
        actor.send({ type: 'delete.submit' });
        const expected = typed.trim() === name && (isFreePlan || reasons.length > 0);
        expect(fakes.starts('deleteProject').length).toBe(expected ? 1 : 0);
        actor.stop();
      }),
    );
  });

  it('toggling a reason twice leaves the selection as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'B', 'C'), { maxLength: 10 }), (toggles) => {
        const { actor } = start();
        for (const reason of [...toggles, ...[...toggles].reverse()]) actor.send({ type: 'reason.toggle', reason });
        expect(selectReasons(actor.getSnapshot())).toEqual([]);
        actor.stop();
      }),
    );
  });
});

type Snap = SnapshotFrom<typeof deleteProjectMachine>;
const events: EventSample<typeof deleteProjectMachine>[] = [
  { type: 'name.edit', value: 'Storefront' },
  { type: 'name.edit', value: 'Store' },
  { type: 'reason.toggle', reason: 'Too expensive' },
  { type: 'feedback.edit', value: 'bye' },
  { type: 'delete.submit' },
  { type: 'xstate.done.actor.deleteProject', output: {} },
  { type: 'xstate.error.actor.deleteProject', error: new Error('refused') },
  { type: 'xstate.done.actor.sendExitSurvey', output: {} },
  { type: 'xstate.error.actor.sendExitSurvey', error: new Error('down') },
];
const invariants: Invariants<typeof deleteProjectMachine> = {
  editing: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsDeleting(s)).toBe(false);
    const error = selectDeleteError(s);
    if (error) expect(error).toBe('Failed to delete project: refused');
  },
  deleting: (s, { actors }) => {
    expect(actors?.isRunning('deleteProject')).toBe(true);
    expect(selectNameMatches(s)).toBe(true);
    if (selectShowsSurvey(s)) expect(selectReasons(s).length).toBeGreaterThan(0);
  },
  sendingSurvey: (s, { actors }) => {
    expect(actors?.isRunning('sendExitSurvey')).toBe(true);
    expect(selectShowsSurvey(s)).toBe(true);
  },
  deleted: (s) => expect(s.status).toBe('done'),
};
const run = (input: DeleteProjectInput) => ({
  events,
  invariants,
  input,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, ...s.context }),
  simplePaths: false,
});

describe('delete-project machine: generated paths', () => {
  it('walks every state, transition and edge on free and paid plans', async () => {
    const report = await testMachinePathsAcrossInputs(deleteProjectMachine, [run(paid), run({ ...paid, isFreePlan: true })]);
    expect(report.statesCovered).toBe(5);
    expect(report.pathsRun).toBeGreaterThan(10);
  });
});
