import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { branchCreateMachine, type BranchCreateNotice } from '../machines/branch-create.machine.ts';
import {
  selectCanSubmit,
  selectCopying,
  selectError,
  selectEstimate,
  selectEstimating,
  selectFailed,
  selectLoadError,
  selectNameProblem,
  selectSubmitting,
  selectWithData,
} from '../machines/branch-create.selectors.ts';
import { BRANCH_CREATE_POLL_MS, type Branch } from '../src/domain/branches/branches.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchAddons: 'promise', fetchEstimate: 'promise', createBranch: 'promise', fetchBranch: 'promise' } as const;
const input = { ref: 'parent', existingNames: ['main'], blockedReason: null };

const branch = (over: Partial<Branch> = {}): Branch => ({
  id: '7d5c1a4e-0000-4000-8000-000000000001',
  name: 'feature',
  project_ref: 'childref',
  parent_project_ref: 'parent',
  is_default: false,
  persistent: false,
  git_branch: null,
  review_requested_at: null,
  created_at: '2026-11-28T00:00:00.000Z',
  status: 'COMING_UP',
  with_data: true,
  create_error: null,
  ...over,
});
const ready = branch({ status: 'ACTIVE_HEALTHY' });
const broken = branch({ status: 'INIT_FAILED', create_error: 'pg_dump: connection refused' });
const disk = { type: 'gp3', size_gb: 8, iops: 3000, throughput_mibps: 125 } as never;

function start(over: Partial<typeof input> = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(branchCreateMachine.provide({ actors: fakes.logic }), { input: { ...input, ...over } });
  const notices: BranchCreateNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

describe('branch-create machine: examples', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('creates a branch with data: estimate, request answered at once, polls the copy, then toast, navigate, close', async () => {
    const { actor, fakes, notices } = start();
    // Typed while the add-ons load: kept (the e2e typed before they arrived).
    actor.send({ type: 'name.change', value: ' feature ' });
    await fakes.resolve('fetchAddons', { pitr: true });
    expect(actor.getSnapshot().context.name).toBe(' feature ');
    actor.send({ type: 'withData.change', value: true });
    expect(selectEstimating(actor.getSnapshot())).toBe(true);
    await fakes.resolve('fetchEstimate', { disk, databaseBytes: 1024 });
    expect(selectEstimate(actor.getSnapshot())).toEqual({ disk, databaseBytes: 1024 });
    actor.send({ type: 'submit' });
    expect(fakes.starts('createBranch').at(-1)?.input).toEqual({ ref: 'parent', name: 'feature', withData: true });
    await fakes.resolve('createBranch', branch());
    expect(selectCopying(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(BRANCH_CREATE_POLL_MS - 1);
    expect(fakes.starts('fetchBranch')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fakes.starts('fetchBranch').at(-1)?.input).toEqual({ ref: 'parent', id: branch().id });
    await fakes.resolve('fetchBranch', branch());
    vi.advanceTimersByTime(BRANCH_CREATE_POLL_MS);
    await fakes.resolve('fetchBranch', ready);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(notices).toEqual([
      { type: 'branchCreate.toast', kind: 'success', message: 'Successfully created branch "feature"' },
      { type: 'branchCreate.navigate', ref: 'childref' },
      { type: 'branchCreate.close' },
    ]);
  });

  it('a failed copy ends failed with the reason; a refused request returns to the form', async () => {
    const { actor, fakes, notices } = start();
    await fakes.resolve('fetchAddons', { pitr: false });
    actor.send({ type: 'withData.change', value: true });
    expect(selectWithData(actor.getSnapshot())).toBe(false); // Requires PITR
    actor.send({ type: 'submit' });
    expect(selectNameProblem(actor.getSnapshot())).toBe('Branch name cannot be empty');
    expect(selectSubmitting(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'name.change', value: 'main' });
    expect(selectNameProblem(actor.getSnapshot())).toBe('A branch with this name already exists');
    actor.send({ type: 'name.change', value: 'feature' });
    actor.send({ type: 'submit' });
    await fakes.reject('createBranch', new Error('Branching is not enabled for this project'));
    expect(selectError(actor.getSnapshot())).toBe('Branching is not enabled for this project');
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'submit' });
    await fakes.resolve('createBranch', branch());
    vi.advanceTimersByTime(BRANCH_CREATE_POLL_MS);
    await fakes.reject('fetchBranch', new Error('offline'));
    expect(selectCopying(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(BRANCH_CREATE_POLL_MS);
    await fakes.resolve('fetchBranch', broken);
    expect(selectFailed(actor.getSnapshot())).toBe(true);
    expect(selectError(actor.getSnapshot())).toBe("Could not copy the parent's database: pg_dump: connection refused");
    expect(notices.map((n) => n.type === 'branchCreate.toast' && n.message)).toEqual([
      'Failed to create branch: Branching is not enabled for this project',
      "Failed to create branch: Could not copy the parent's database: pg_dump: connection refused",
    ]);
  });

  it('an unreadable disk configuration leaves the notice, not a block; a failed add-ons read offers a retry; close emits', async () => {
    const { actor, fakes, notices } = start();
    await fakes.reject('fetchAddons', new Error('offline'));
    expect(selectLoadError(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'retry' });
    await fakes.resolve('fetchAddons', { pitr: true });
    actor.send({ type: 'withData.change', value: true });
    await fakes.reject('fetchEstimate', new Error('disk unreadable'));
    expect(selectEstimate(actor.getSnapshot())).toEqual({ disk: null, databaseBytes: null });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'close' });
    expect(notices).toEqual([{ type: 'branchCreate.close' }]);
  });

  it('a blocked form (plan, permission) cannot be submitted', async () => {
    const { actor, fakes } = start({ blockedReason: 'Upgrade first' });
    await fakes.resolve('fetchAddons', { pitr: true });
    actor.send({ type: 'name.change', value: 'feature' });
    actor.send({ type: 'submit' });
    expect(fakes.starts('createBranch')).toHaveLength(0);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });

  it('the default actors are loud stubs', async () => {
    vi.useRealTimers();
    for (const name of Object.keys(kinds) as (keyof typeof kinds)[]) {
      const child = createActor(branchCreateMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

type Snap = SnapshotFrom<typeof branchCreateMachine>;
const events: EventSample<typeof branchCreateMachine>[] = [
  { type: 'name.change', value: 'feature' },
  { type: 'name.change', value: 'bad name' },
  { type: 'withData.change', value: true },
  { type: 'withData.change', value: false },
  { type: 'submit' },
  { type: 'retry' },
  { type: 'close' },
  { type: 'xstate.done.actor.fetchAddons', output: { pitr: true } },
  { type: 'xstate.error.actor.fetchAddons', error: new Error('offline') },
  { type: 'xstate.done.actor.fetchEstimate', output: { disk, databaseBytes: 1024 } },
  { type: 'xstate.error.actor.fetchEstimate', error: new Error('offline') },
  { type: 'xstate.done.actor.createBranch', output: branch() },
  { type: 'xstate.error.actor.createBranch', error: new Error('refused') },
  { type: 'xstate.done.actor.fetchBranch', output: branch() },
  { type: 'xstate.done.actor.fetchBranch', output: ready },
  { type: 'xstate.done.actor.fetchBranch', output: broken },
  { type: 'xstate.done.actor.fetchBranch', output: null },
  { type: 'xstate.error.actor.fetchBranch', error: new Error('offline') },
  { type: 'xstate.after.branchCreatePoll.branchCreate.creating.waiting' },
];

const invariants: Invariants<typeof branchCreateMachine> = {
  loading: (_s, { actors }) => expect(actors?.isRunning('fetchAddons')).toBe(true),
  loadFailed: (s) => expect(selectLoadError(s)).toBe('offline'),
  form: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.pitr).toBe(true);
  },
  estimating: (_s, { actors }) => expect(actors?.isRunning('fetchEstimate')).toBe(true),
  submitting: (s, { actors }) => {
    expect(actors?.isRunning('createBranch')).toBe(true);
    expect(selectNameProblem(s)).toBeNull();
  },
  'creating.waiting': (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.context.branch?.status).toBe('COMING_UP');
  },
  'creating.checking': (_s, { actors }) => expect(actors?.isRunning('fetchBranch')).toBe(true),
  done: (s) => expect(s.context.branch?.status).toBe('ACTIVE_HEALTHY'),
  failed: (s) => expect(selectError(s)).toMatch(/^Could not copy the parent's database: (pg_dump: connection refused|the branch was removed)$/),
};

describeMachinePaths('branch-create machine: generated paths', branchCreateMachine, {
  events,
  invariants,
  input,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, name: s.context.name, withData: s.context.withData, estimate: s.context.estimate !== null, status: s.context.branch?.status ?? null, error: s.context.error }),
  simplePaths: false,
  required: [
    'form --withData.change--> estimating',
    'form --submit--> submitting',
    'submitting --xstate.done.actor.createBranch--> creating',
    'creating.checking --xstate.done.actor.fetchBranch--> creating.deciding',
    'creating.deciding --(always)--> done',
    'creating.deciding --(always)--> failed',
  ],
});
