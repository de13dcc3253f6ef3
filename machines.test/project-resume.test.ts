import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import { projectResumeMachine, type ProjectResumeInput } from '../machines/project-resume.machine.ts';
import {
  selectIsDialogOpen,
  selectIsLoadingVersions,
  selectIsResuming,
  selectMembersExceeded,
  selectPauseStatus,
  selectPauseStatusFailed,
  selectVersion,
  selectVersions,
} from '../machines/project-resume.selectors.ts';
import type { LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { testMachinePathsAcrossInputs } from './paths-across-inputs.ts';
import { itRejectsEachDeletedTransition } from './support/paths.ts';
import { controlledActors } from './support/controlled-actors.ts';
import { type EventSample, type Invariants } from './support/paths.ts';

const kinds = { fetchPauseStatus: 'promise', fetchVersions: 'promise', fetchMembersAtLimit: 'promise', restoreProject: 'promise' } as const;
const pauseStatus = { can_restore: true, remaining_days_till_restore_disabled: 89, max_days_till_restore_disabled: 90, latest_downloadable_backup_id: 3 };
const versions = [
  { version: 'strata-postgres-15.8', release_channel: 'ga', postgres_engine: '15' },
  { version: 'strata-postgres-17.4', release_channel: 'beta', postgres_engine: '17' },
  { version: 'strata-postgres-17.4', release_channel: 'ga', postgres_engine: '17' },
];
const member = { username: 'carol', primary_email: 'c@x.io', free_project_limit: 2 };
const baseInput: ProjectResumeInput = { ref: 'abc', orgSlug: 'acme', isFreePlan: true, offerVersions: true };

function start(input: Partial<ProjectResumeInput> = {}) {
  const fakes = controlledActors(kinds);
  const actor = createActor(projectResumeMachine.provide({ actors: fakes.logic }), { input: { ...baseInput, ...input } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  return { actor, fakes, notices };
}
const toasts = (notices: LifecycleNotice[]) => notices.flatMap((n) => (n.type === 'notice.toast' ? [`${n.kind}: ${n.message}`] : []));

describe('project-resume machine: examples', () => {
  it('reads the pause status, offers versions (ga newest by default), checks members, restores', async () => {
    const { actor, fakes, notices } = start();
    expect(fakes.starts('fetchPauseStatus')[0]?.input).toEqual({ ref: 'abc' });
    await fakes.resolve('fetchPauseStatus', pauseStatus);
    expect(selectPauseStatus(actor.getSnapshot())).toEqual(pauseStatus);
    actor.send({ type: 'resume.open' });
    expect(selectIsLoadingVersions(actor.getSnapshot())).toBe(true);
    await fakes.resolve('fetchVersions', versions);
    expect(selectVersions(actor.getSnapshot())).toEqual(versions);
    expect(selectVersion(actor.getSnapshot())).toBe('17|ga');
    actor.send({ type: 'version.select', value: '15|ga' });
    actor.send({ type: 'resume.confirm', allowed: true });
    expect(fakes.starts('fetchMembersAtLimit')[0]?.input).toEqual({ orgSlug: 'acme' });
    await fakes.resolve('fetchMembersAtLimit', []);
    expect(fakes.starts('restoreProject')[0]?.input).toEqual({ ref: 'abc', postgres_engine: '15', release_channel: 'ga' });
    expect(selectIsResuming(actor.getSnapshot())).toBe(true);
    await fakes.resolve('restoreProject', { status: 'RESTORING' });
    expect(notices).toEqual([
      { type: 'notice.toast', kind: 'info', message: 'Restoring project' },
      { type: 'notice.statusAssumed', status: 'RESTORING' },
    ]);
  });

  it('paid plans skip the members check; without versions the body is empty', async () => {
    const { actor, fakes } = start({ isFreePlan: false, offerVersions: false });
    await fakes.resolve('fetchPauseStatus', pauseStatus);
    actor.send({ type: 'resume.open' });
    expect(selectIsDialogOpen(actor.getSnapshot())).toBe(true);
    expect(fakes.starts('fetchVersions')).toHaveLength(0);
    actor.send({ type: 'resume.confirm', allowed: true });
    expect(fakes.starts('fetchMembersAtLimit')).toHaveLength(0);
    expect(fakes.starts('restoreProject')[0]?.input).toEqual({ ref: 'abc' });
  });

  it('refuses without permission, with the spec toast', async () => {
    const { actor, fakes, notices } = start({ offerVersions: false });
    await fakes.resolve('fetchPauseStatus', pauseStatus);
    actor.send({ type: 'resume.open' });
    actor.send({ type: 'resume.confirm', allowed: false });
    expect(selectIsDialogOpen(actor.getSnapshot())).toBe(false);
    expect(toasts(notices)).toEqual(['error: You do not have the required permissions to restore this project']);
    expect(fakes.starts('restoreProject')).toHaveLength(0);
  });

  it('members at their free project limit block the resume', async () => {
    const { actor, fakes } = start({ offerVersions: false });
    await fakes.resolve('fetchPauseStatus', pauseStatus);
    actor.send({ type: 'resume.open' });
    actor.send({ type: 'resume.confirm', allowed: true });
    await fakes.resolve('fetchMembersAtLimit', [member]);
    expect(selectMembersExceeded(actor.getSnapshot())).toEqual([member]);
    expect(fakes.starts('restoreProject')).toHaveLength(0);
    actor.send({ type: 'resume.confirm', allowed: true }); // nothing proceeds from the blocking dialog
    expect(fakes.starts('restoreProject')).toHaveLength(0);
    actor.send({ type: 'membersExceeded.close' });
    expect(selectMembersExceeded(actor.getSnapshot())).toBeNull();
    expect(selectIsDialogOpen(actor.getSnapshot())).toBe(false);
  });

  it('a failed restore keeps the dialog open with the spec toast; a failed status read can be retried', async () => {
    const { actor, fakes, notices } = start({ isFreePlan: false, offerVersions: false });
    await fakes.reject('fetchPauseStatus', new Error('offline'));
    expect(selectPauseStatusFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'pauseStatus.retry' });
    await fakes.resolve('fetchPauseStatus', pauseStatus);
    actor.send({ type: 'resume.open' });
    actor.send({ type: 'resume.confirm', allowed: true });
    await fakes.reject('restoreProject', new Error('Project is not paused'));
    expect(selectIsDialogOpen(actor.getSnapshot())).toBe(true);
    expect(toasts(notices)).toEqual(['error: Failed to restore project: Project is not paused']);
  });

  it('the default actors are loud stubs', async () => {
    for (const name of Object.keys(kinds) as Array<keyof typeof kinds>) {
      const child = createActor(projectResumeMachine.implementations.actors[name] as AnyActorLogic, { input: {} });
      const failure = new Promise((resolve) => child.subscribe({ error: resolve }));
      child.start();
      expect(String(await failure)).toMatch(/actor is not provided/);
    }
  });
});

describe('project-resume machine: properties', () => {
  it('restore goes out only when allowed and no member is at the limit; the chosen version is the one sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.constant(member), { maxLength: 2 }),
        fc.constantFrom('', '15|ga', '17|beta'),
        async (allowed, isFreePlan, members, version) => {
          const { actor, fakes } = start({ isFreePlan, offerVersions: true });
          await fakes.resolve('fetchPauseStatus', pauseStatus);
          actor.send({ type: 'resume.open' });
          await fakes.resolve('fetchVersions', versions);
          actor.send({ type: 'version.select', value: version });
          actor.send({ type: 'resume.confirm', allowed });
          if (fakes.isRunning('fetchMembersAtLimit')) await fakes.resolve('fetchMembersAtLimit', members);
          const restored = fakes.starts('restoreProject');
          const expected = allowed && (!isFreePlan || members.length === 0);
          expect(restored.length).toBe(expected ? 1 : 0);
          if (expected) {
            const [engine, channel] = version.split('|');
            expect(restored[0]!.input).toEqual(version ? { ref: 'abc', postgres_engine: engine, release_channel: channel } : { ref: 'abc' });
          }
          actor.stop();
        },
      ),
    );
  });
});

type Snap = SnapshotFrom<typeof projectResumeMachine>;
const events: EventSample<typeof projectResumeMachine>[] = [
  { type: 'xstate.done.actor.fetchPauseStatus', output: pauseStatus },
  { type: 'xstate.error.actor.fetchPauseStatus', error: new Error('offline') },
  { type: 'pauseStatus.retry' },
  { type: 'resume.open' },
  { type: 'resume.cancel' },
  { type: 'xstate.done.actor.fetchVersions', output: versions },
  { type: 'xstate.error.actor.fetchVersions', error: new Error('offline') },
  { type: 'version.select', value: '15|ga' },
  { type: 'resume.confirm', allowed: true },
  { type: 'resume.confirm', allowed: false },
  { type: 'xstate.done.actor.fetchMembersAtLimit', output: [] },
  { type: 'xstate.done.actor.fetchMembersAtLimit', output: [member] },
  { type: 'xstate.error.actor.fetchMembersAtLimit', error: new Error('offline') },
  { type: 'membersExceeded.close' },
  { type: 'xstate.done.actor.restoreProject', output: { status: 'RESTORING' } },
  { type: 'xstate.error.actor.restoreProject', error: new Error('refused') },
];
const invariants: Invariants<typeof projectResumeMachine> = {
  loadingPauseStatus: (s, { actors }) => {
    expect(actors?.isRunning('fetchPauseStatus')).toBe(true);
    expect(selectPauseStatus(s)).toBeNull();
  },
  pauseStatusFailed: (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(s.hasTag('error')).toBe(true);
  },
  ready: (s) => expect(selectPauseStatus(s)).toEqual(pauseStatus),
  'ready.closed': (s, { actors }) => {
    expect(actors?.running()).toEqual([]);
    expect(selectIsDialogOpen(s)).toBe(false);
  },
  'ready.confirming': (s) => expect(selectIsDialogOpen(s)).toBe(true),
  'ready.confirming.loadingVersions': (_s, { actors }) => expect(actors?.isRunning('fetchVersions')).toBe(true),
  'ready.confirming.choosing': (_s, { actors }) => expect(actors?.running()).toEqual([]),
  'ready.checkingMembers': (s, { actors }) => {
    expect(actors?.isRunning('fetchMembersAtLimit')).toBe(true);
    expect(s.context.isFreePlan).toBe(true);
  },
  'ready.membersExceeded': (s) => expect(selectMembersExceeded(s)).toEqual([member]),
  'ready.restoring': (s, { actors }) => {
    expect(actors?.isRunning('restoreProject')).toBe(true);
    expect(selectIsResuming(s)).toBe(true);
  },
  'ready.restored': (s) => expect(selectIsResuming(s)).toBe(true),
};

// A2.9: resume asks to confirm (with a version choice when offered); a free plan checks the member limit first.
const required = [
  'loadingPauseStatus --xstate.done.actor.fetchPauseStatus--> ready',
  'loadingPauseStatus --xstate.error.actor.fetchPauseStatus--> pauseStatusFailed',
  'pauseStatusFailed --pauseStatus.retry--> loadingPauseStatus',
  'ready.closed --resume.open--> ready.confirming.loadingVersions',
  'ready.closed --resume.open--> ready.confirming.choosing',
  'ready.confirming --resume.cancel--> ready.closed',
  'ready.confirming.choosing --resume.confirm--> ready.checkingMembers',
  'ready.confirming.choosing --resume.confirm--> ready.restoring',
  'ready.checkingMembers --xstate.done.actor.fetchMembersAtLimit--> ready.membersExceeded',
  'ready.checkingMembers --xstate.done.actor.fetchMembersAtLimit--> ready.restoring',
  'ready.restoring --xstate.done.actor.restoreProject--> ready.restored',
  'ready.restoring --xstate.error.actor.restoreProject--> ready.confirming.choosing',
];
itRejectsEachDeletedTransition(projectResumeMachine, required);

const run = (input: ProjectResumeInput) => ({
  required,
  events,
  invariants,
  input,
  actors: controlledActors(kinds),
  serializeState: (s: Snap) =>
    JSON.stringify({ value: s.value, status: s.context.pauseStatus !== null, v: s.context.version, m: s.context.membersAtLimit.length, n: s.context.versions.length }),
  simplePaths: false,
});

// The free plan with the version choice reaches every state; the paid plan without it takes the other branches.
describe('project-resume machine: generated paths across plans', () => {
  it('walks every state, transition and edge for both plans', async () => {
    const report = await testMachinePathsAcrossInputs(projectResumeMachine, [run(baseInput), run({ ...baseInput, isFreePlan: false, offerVersions: false })]);
    expect(report.statesCovered).toBe(12);
  });
});
