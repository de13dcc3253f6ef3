import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { mergeRequestMachine, type MergeRequestNotice } from '../machines/merge-request.machine.ts';
import { selectCanMerge, selectConflicts, selectError, selectLoadError, selectMerged, selectMigrations } from '../machines/merge-request.selectors.ts';
import type { MergePlan } from '../src/domain/branches/merge.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchMergePlan: 'promise', merge: 'promise', closeRequest: 'promise', deleteBranch: 'promise' } as const;
const migration = { version: '20261128000000', name: 'add_note', statements: 'alter table public.todos add column note text;' };
const plan = (over: Partial<MergePlan> = {}): MergePlan => ({ branch_ref: 'child', parent_ref: 'parent', migrations: [migration], parent_only: [], conflicts: [], ...over });
const conflicted = plan({ parent_only: [{ ...migration, version: '1', name: 'parent_change' }], conflicts: [{ kind: 'table', name: 'public.todos' }] });
const empty = plan({ migrations: [] });

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(mergeRequestMachine.provide({ actors: fakes.logic }), { input: { ref: 'child' } });
  const notices: MergeRequestNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('merge-request machine: examples', () => {
  it('reads the diff, merges, reads it again, then deletes the branch and goes to the parent', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchMergePlan', plan());
    expect(selectMigrations(actor.getSnapshot())).toEqual([migration]);
    expect(selectCanMerge(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'merge' });
    expect(fakes.starts('merge').at(-1)?.input).toEqual({ ref: 'child' });
    await fakes.resolve('merge', { applied: ['add_note'] });
    expect(selectMerged(actor.getSnapshot())).toEqual(['add_note']);
    await fakes.resolve('fetchMergePlan', empty);
    expect(selectMigrations(actor.getSnapshot())).toEqual([]);
    expect(selectCanMerge(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'branch.delete' });
    await fakes.resolve('deleteBranch', {});
    expect(actor.getSnapshot().matches('deleted')).toBe(true);
    expect(notices).toEqual([
      { type: 'mergeRequest.toast', kind: 'success', message: 'Merged 1 migration into the default branch' },
      { type: 'mergeRequest.toast', kind: 'success', message: 'Branch deleted' },
      { type: 'mergeRequest.navigate', ref: 'parent', to: 'home' },
    ]);
  });

  it('conflicts refuse the merge; a failed merge says why and may be retried; closing goes to the branches', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchMergePlan', conflicted);
    expect(actor.getSnapshot().matches('conflicts')).toBe(true);
    expect(selectConflicts(actor.getSnapshot())).toEqual([{ kind: 'table', name: 'public.todos' }]);
    actor.send({ type: 'merge' });
    expect(fakes.starts('merge')).toHaveLength(0);
    actor.send({ type: 'retry' });
    await fakes.resolve('fetchMergePlan', plan());
    actor.send({ type: 'merge' });
    await fakes.reject('merge', new Error('Conflict in migration "add_note": column "note" already exists. Nothing was merged.'));
    expect(selectError(actor.getSnapshot())).toBe('Failed to merge: Conflict in migration "add_note": column "note" already exists. Nothing was merged.');
    expect(selectCanMerge(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'request.close' });
    await fakes.resolve('closeRequest', {});
    expect(notices.at(-1)).toEqual({ type: 'mergeRequest.navigate', ref: 'parent', to: 'branches' });
  });

  it('nothing to merge keeps Merge off; a failed read offers a retry', async () => {
    const { actor, fakes } = start();
    await fakes.reject('fetchMergePlan', new Error('offline'));
    expect(selectLoadError(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'retry' });
    await fakes.resolve('fetchMergePlan', empty);
    expect(selectCanMerge(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'merge' });
    expect(fakes.starts('merge')).toHaveLength(0);
  });

  it('the default actors are loud stubs', async () => {
    for (const name of Object.keys(kinds) as (keyof typeof kinds)[]) {
      const child = createActor(mergeRequestMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

type Snap = SnapshotFrom<typeof mergeRequestMachine>;
const events: EventSample<typeof mergeRequestMachine>[] = [
  { type: 'merge' },
  { type: 'retry' },
  { type: 'request.close' },
  { type: 'branch.delete' },
  { type: 'xstate.done.actor.fetchMergePlan', output: plan() },
  { type: 'xstate.done.actor.fetchMergePlan', output: conflicted },
  { type: 'xstate.done.actor.fetchMergePlan', output: empty },
  { type: 'xstate.error.actor.fetchMergePlan', error: new Error('offline') },
  { type: 'xstate.done.actor.merge', output: { applied: ['add_note'] } },
  { type: 'xstate.error.actor.merge', error: new Error('refused') },
  { type: 'xstate.done.actor.closeRequest', output: {} },
  { type: 'xstate.error.actor.closeRequest', error: new Error('refused') },
  { type: 'xstate.done.actor.deleteBranch', output: {} },
  { type: 'xstate.error.actor.deleteBranch', error: new Error('refused') },
];

const invariants: Invariants<typeof mergeRequestMachine> = {
  loading: (_s, { actors }) => expect(actors?.isRunning('fetchMergePlan')).toBe(true),
  loadFailed: (s) => expect(selectLoadError(s)).toBe('offline'),
  ready: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectConflicts(s)).toEqual([]);
  },
  conflicts: (s) => {
    expect(selectConflicts(s).length).toBeGreaterThan(0);
    expect(selectCanMerge(s)).toBe(false);
  },
  merging: (s, { actors }) => {
    expect(actors?.isRunning('merge')).toBe(true);
    expect(selectMigrations(s).length).toBeGreaterThan(0);
  },
  merged: (s, { actors }) => {
    expect(selectMerged(s)).toEqual(['add_note']);
    expect(actors?.running().every((name) => name === 'fetchMergePlan')).toBe(true);
  },
  failed: (s) => expect(selectError(s)).toMatch(/^Failed to (merge|close the merge request|delete branch): refused$/),
  closing: (_s, { actors }) => expect(actors?.isRunning('closeRequest')).toBe(true),
  deleting: (_s, { actors }) => expect(actors?.isRunning('deleteBranch')).toBe(true),
  closed: (_s, { actors }) => expect(actors?.running()).toEqual([]),
  deleted: (_s, { actors }) => expect(actors?.running()).toEqual([]),
};

describeMachinePaths('merge-request machine: generated paths', mergeRequestMachine, {
  events,
  invariants,
  input: { ref: 'child' },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, conflicts: s.context.plan?.conflicts.length ?? null, migrations: s.context.plan?.migrations.length ?? null, error: s.context.error }),
  simplePaths: false,
  required: [
    'routing --(always)--> conflicts',
    'ready --merge--> merging',
    'merging --xstate.done.actor.merge--> merged',
    'merging --xstate.error.actor.merge--> failed',
    'deleting --xstate.done.actor.deleteBranch--> deleted',
  ],
});
