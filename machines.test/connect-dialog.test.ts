// The Connect dialog (spec A2.10, A5): examples and generated paths.
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { connectDialogMachine, type ConnectDialogInput } from '../machines/connect-dialog.machine.ts';
import {
  selectConnectError,
  selectConnectInfo,
  selectConnectLoading,
  selectConnectOpen,
  selectConnectParams,
} from '../machines/connect-dialog.selectors.ts';
import type { ConnectTab } from '../src/domain/connect/constants.ts';
import type { ConnectionInfo } from '../src/domain/connect/info.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { itRejectsEachDeletedTransition, type EventSample } from './support/paths.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';

const tabs: ConnectTab[] = ['direct', 'frameworks', 'mobiles', 'orms', 'mcp'];
const info: ConnectionInfo = {
  databases: [
    {
      identifier: 'abc',
      database_type: 'PRIMARY',
      region: 'local',
      status: 'ACTIVE_HEALTHY',
      endpoint: { host: '127.0.0.1', port: 54322, database: 'project_abc', user: 'strata_abc' },
    },
  ],
  poolers: [],
  apiUrl: 'http://127.0.0.1:54321/p/abc',
  anonKey: 'eyJ.anon',
  ipv4AddOn: false,
};

function start(input: Partial<ConnectDialogInput> = {}) {
  const fakes = controlledActors({ loadConnectionInfo: 'promise' } as const);
  const actor = createActor(connectDialogMachine.provide({ actors: fakes.logic }), {
    input: { ref: 'abc', status: 'ACTIVE_HEALTHY', tabs, search: {}, ...input },
  }).start();
  return { actor, fakes };
}

describe('connect-dialog machine', () => {
  it('opens from ?showConnect=true, reads the connection details, closes when the parameter goes', async () => {
    const { actor, fakes } = start();
    expect(selectConnectOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'connect.sync', search: { showConnect: true, type: 'jdbc' }, status: 'ACTIVE_HEALTHY', tabs });
    expect(selectConnectLoading(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('loadConnectionInfo')[0]?.input).toEqual({ ref: 'abc' });
    await fakes.resolve('loadConnectionInfo', info);
    expect(selectConnectInfo(actor.getSnapshot())).toEqual(info);
    expect(selectConnectParams(actor.getSnapshot()).type).toBe('jdbc');
    actor.send({ type: 'connect.sync', search: {}, status: 'ACTIVE_HEALTHY', tabs });
    expect(selectConnectOpen(actor.getSnapshot())).toBe(false);
  });

  it('resets invalid type and method (A5) and keeps the dialog open while they change', async () => {
    const { actor, fakes } = start({ search: { showConnect: true, type: 'nope', method: 'nope' } });
    expect(selectConnectParams(actor.getSnapshot())).toMatchObject({ type: 'uri', method: 'direct' });
    await fakes.resolve('loadConnectionInfo', info);
    actor.send({ type: 'connect.sync', search: { showConnect: true, method: 'session' }, status: 'ACTIVE_HEALTHY', tabs });
    expect(selectConnectParams(actor.getSnapshot()).method).toBe('session');
    expect(selectConnectInfo(actor.getSnapshot())).toEqual(info);
    expect(fakes.starts('loadConnectionInfo')).toHaveLength(1);
  });

  it('does not open unless the project is ACTIVE_HEALTHY, and closes when it stops being so', async () => {
    const { actor, fakes } = start({ status: 'PAUSED', search: { showConnect: true } });
    expect(selectConnectOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'connect.sync', search: { showConnect: true }, status: 'ACTIVE_HEALTHY', tabs });
    await fakes.resolve('loadConnectionInfo', info);
    actor.send({ type: 'connect.sync', search: { showConnect: true }, status: 'PAUSING', tabs });
    expect(selectConnectOpen(actor.getSnapshot())).toBe(false);
  });

  it("shows the platform's failure and retries", async () => {
    const { actor, fakes } = start({ search: { showConnect: true } });
    await fakes.reject('loadConnectionInfo', new Error('Project not found'));
    expect(selectConnectError(actor.getSnapshot())).toBe('Project not found');
    actor.send({ type: 'connect.retry' });
    expect(selectConnectError(actor.getSnapshot())).toBeNull();
    await fakes.resolve('loadConnectionInfo', info);
    expect(selectConnectInfo(actor.getSnapshot())).toEqual(info);
  });
});

// Generated paths: every state and transition, with the invariant of each state.
type Snap = SnapshotFrom<typeof connectDialogMachine>;
const events: EventSample<typeof connectDialogMachine>[] = [
  { type: 'connect.sync', search: { showConnect: true }, status: 'ACTIVE_HEALTHY', tabs },
  { type: 'connect.sync', search: { showConnect: true, type: 'cobol', method: 'session' }, status: 'ACTIVE_HEALTHY', tabs },
  { type: 'connect.sync', search: { showConnect: true }, status: 'PAUSING', tabs },
  { type: 'connect.sync', search: {}, status: 'ACTIVE_HEALTHY', tabs },
  { type: 'connect.retry' },
  { type: 'connect.reload' },
  { type: 'xstate.done.actor.loadConnectionInfo', output: info },
  { type: 'xstate.error.actor.loadConnectionInfo', error: new Error('Project not found') },
];
const required = [
  'starting --(always)--> open',
  'starting --(always)--> closed',
  'closed --connect.sync--> open',
  'closed --connect.sync--> closed',
  'open --connect.sync--> closed',
  'open --connect.sync--> open',
  'open.loading --xstate.done.actor.loadConnectionInfo--> open.ready',
  'open.loading --xstate.error.actor.loadConnectionInfo--> open.failed',
  'open.failed --connect.retry--> open.loading',
  'open.ready --connect.reload--> open.loading',
];
const invariants = {
  closed: (s: Snap, { actors }: { actors?: { running(): string[] } }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectConnectOpen(s)).toBe(false);
  },
  open: (s: Snap) => {
    expect(s.context.status).toBe('ACTIVE_HEALTHY');
    expect(s.context.params.open).toBe(true);
    // spec A5: whatever the URL said, the type and method are allowed values.
    expect(['uri', 'psql', 'golang', 'jdbc', 'dotnet', 'nodejs', 'php', 'python', 'sqlalchemy']).toContain(s.context.params.type);
    expect(['direct', 'transaction', 'session']).toContain(s.context.params.method);
  },
  'open.loading': (s: Snap, { actors }: { actors?: { running(): string[] } }) => {
    expect(actors?.running()).toEqual(['loadConnectionInfo']);
    expect(selectConnectLoading(s)).toBe(true);
  },
  'open.ready': (s: Snap) => expect(selectConnectInfo(s)).toEqual(info),
  'open.failed': (s: Snap) => expect(selectConnectError(s)).toBe('Project not found'),
};
const serializeState = (s: Snap) => JSON.stringify({ value: s.value, status: s.context.status, params: s.context.params, error: s.context.error });

describe('connect-dialog machine: generated paths', () => {
  itRejectsEachDeletedTransition(connectDialogMachine, required);
  it('walks every state, transition and edge (opened by the URL, or not)', async () => {
    const actors = () => controlledActors({ loadConnectionInfo: 'promise' } as const);
    const report = await testMachinePathsAcrossInputs(connectDialogMachine, [
      { events, input: { ref: 'abc', status: 'ACTIVE_HEALTHY', tabs, search: { showConnect: true } }, invariants, actors: actors(), serializeState, required, simplePaths: false },
      { events, input: { ref: 'abc', status: 'ACTIVE_HEALTHY', tabs, search: {} }, invariants, actors: actors(), serializeState, required, simplePaths: false },
    ]);
    expect(report.statesCovered).toBe(7); // root, starting, closed, open + loading, ready, failed
  }, 60_000);
});
