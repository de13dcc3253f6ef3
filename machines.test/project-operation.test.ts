import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { projectOperationMachine } from '../machines/project-operation.machine.ts';
import {
  selectConfirming,
  selectIsConfirmOpen,
  selectIsIdle,
  selectOperationError,
  selectRunningKind,
} from '../machines/project-operation.selectors.ts';
import { OPERATION_STATUS, type LifecycleNotice, type OperationRequest } from '../src/domain/project-lifecycle.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { describeMachinePaths, type EventSample, type Invariants, itRejectsEachDeletedTransition } from './support/paths.ts';

const kinds = { runOperation: 'promise' } as const;

function start() {
  const fakes = controlledActors(kinds);
  const actor = createActor(projectOperationMachine.provide({ actors: fakes.logic }), { input: { ref: 'abc' } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}

const requests: OperationRequest[] = [
  { kind: 'restart' },
  { kind: 'pause' },
  { kind: 'resize', computeSize: 'ci_small' },
  { kind: 'upgrade', targetVersion: '17.4', releaseChannel: 'ga' },
  { kind: 'createBackup' },
];

describe('project-operation machine: examples', () => {
  it('pause: confirm, run, then the status is assumed PAUSING', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'operation.request', request: { kind: 'pause' } });
    expect(selectConfirming(actor.getSnapshot())).toEqual({ kind: 'pause' });
    actor.send({ type: 'operation.confirm' });
    expect(selectRunningKind(actor.getSnapshot())).toBe('pause');
    expect(selectIsConfirmOpen(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('runOperation')[0]?.input).toEqual({ ref: 'abc', request: { kind: 'pause' } });
    await fakes.resolve('runOperation', { status: 'PAUSING' });
    expect(notices).toEqual([
      { type: 'notice.statusAssumed', status: 'PAUSING' },
      { type: 'notice.operationDone', kind: 'pause', output: { status: 'PAUSING' } },
      { type: 'notice.toast', kind: 'success', message: 'Pausing project' },
    ]);
    expect(selectIsIdle(actor.getSnapshot())).toBe(true);
  });

  it('upgrade hands the tracking id over; a cancel runs nothing', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'operation.request', request: { kind: 'restart' } });
    actor.send({ type: 'operation.cancel' });
    expect(fakes.starts('runOperation')).toHaveLength(0);
    actor.send({ type: 'operation.request', request: { kind: 'upgrade', targetVersion: '17.4' } });
    actor.send({ type: 'operation.confirm' });
    await fakes.resolve('runOperation', { tracking_id: 't-1' });
    expect(notices).toContainEqual({ type: 'notice.operationDone', kind: 'upgrade', output: { tracking_id: 't-1' } });
    expect(notices).toContainEqual({ type: 'notice.statusAssumed', status: 'UPGRADING' });
  });

  it('create backup runs without a dialog and assumes no status; failures say why', async () => {
    const { actor, fakes, notices } = start();
    actor.send({ type: 'operation.run', request: { kind: 'createBackup' } });
    expect(selectIsConfirmOpen(actor.getSnapshot())).toBe(false);
    expect(selectRunningKind(actor.getSnapshot())).toBe('createBackup');
    await fakes.reject('runOperation', new Error('Project is paused'));
    expect(selectOperationError(actor.getSnapshot())).toBe('Failed to create backup: Project is paused');
    expect(notices).toEqual([{ type: 'notice.toast', kind: 'error', message: 'Failed to create backup: Project is paused' }]);
  });

  it('the default actor is a loud stub', async () => {
    const child = createActor(projectOperationMachine.implementations.actors.runOperation as AnyActorLogic, { input: {} });
    const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
    child.start();
    expect(String(await failure)).toMatch(/actor is not provided/);
  });
});

describe('project-operation machine: every operation', () => {
  // A handful of operations × two ways in: each combination is tried, not sampled.
  it('each operation runs once with its request and assumes its own status', async () => {
    for (const request of requests) {
      for (const viaDialog of [false, true]) {
        const { actor, fakes, notices } = start();
        if (viaDialog) {
          actor.send({ type: 'operation.request', request });
          actor.send({ type: 'operation.confirm' });
        } else actor.send({ type: 'operation.run', request });
        actor.send({ type: 'operation.run', request: { kind: 'restart' } }); // ignored while one runs
        expect(fakes.starts('runOperation')).toEqual([{ src: 'runOperation', id: 'runOperation', input: { ref: 'abc', request } }]);
        await fakes.resolve('runOperation', {});
        const assumed = notices.flatMap((n) => (n.type === 'notice.statusAssumed' ? [n.status] : []));
        expect(assumed).toEqual(OPERATION_STATUS[request.kind] ? [OPERATION_STATUS[request.kind]] : []);
        actor.stop();
      }
    }
  });
});

type Snap = SnapshotFrom<typeof projectOperationMachine>;
const events: EventSample<typeof projectOperationMachine>[] = [
  { type: 'operation.request', request: { kind: 'resize', computeSize: 'ci_small' } },
  { type: 'operation.run', request: { kind: 'createBackup' } },
  { type: 'operation.confirm' },
  { type: 'operation.cancel' },
  { type: 'xstate.done.actor.runOperation', output: {} },
  { type: 'xstate.error.actor.runOperation', error: new Error('refused') },
];
const invariants: Invariants<typeof projectOperationMachine> = {
  idle: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsConfirmOpen(s)).toBe(false);
    expect(s.context.request).toBeNull();
  },
  'idle.ready': (s) => expect(selectOperationError(s)).toBeNull(),
  'idle.failed': (s) => expect(selectOperationError(s)).toMatch(/^Failed to (resize project|create backup): refused$/),
  confirming: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectConfirming(s)).toEqual({ kind: 'resize', computeSize: 'ci_small' });
  },
  running: (s, { actors }) => {
    expect(actors?.isRunning('runOperation')).toBe(true);
    expect(selectIsConfirmOpen(s)).toBe(s.context.request?.kind === 'resize');
  },
};

// A2.9: pause / restart / resize ask for confirmation first (or run at once), then run once and report.
const required = [
  'idle --operation.request--> confirming',
  'idle --operation.run--> running',
  'confirming --operation.confirm--> running',
  'confirming --operation.cancel--> idle',
  'running --xstate.done.actor.runOperation--> idle.ready',
  'running --xstate.error.actor.runOperation--> idle.failed',
];
itRejectsEachDeletedTransition(projectOperationMachine, required);

describeMachinePaths('project-operation machine: generated paths', projectOperationMachine, {
  required,
  events,
  invariants,
  input: { ref: 'abc' },
  actors: controlledActors(kinds),
  serializeState: (s: Snap) => JSON.stringify({ value: s.value, ...s.context }),
  simplePaths: false,
});
