// A database upgrade as the upgrading screen follows it (spec A4.2): "Status is polled every 5 s while the project
// is UPGRADING and the status is not yet Upgrading, or while it is Upgrading; on Upgraded the upgrade eligibility
// data is refreshed." The platform reports Upgrading → Upgraded or Failed with a progress value (the steps).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DatabaseUpgradeStatus } from '../src/domain/database-upgrade.ts';
import { UPGRADE_POLL_MS } from '../src/domain/project-status.ts';
import { errorMessage, notProvided } from './support.ts';

export type DatabaseUpgradeInput = { ref: string; trackingId?: string | null; projectStatus: string | null };
export type DatabaseUpgradeContext = {
  ref: string;
  /** From ?trackingId (spec A2.8); without it the platform answers with the latest upgrade. */
  trackingId: string | null;
  projectUpgrading: boolean;
  upgrade: DatabaseUpgradeStatus | null;
  /** The last read's failure, if the last read failed; reads go on. */
  error: string | null;
};

/** The project's status changed (from the project-status actor). */
export type ProjectStatusChangedEvent = { type: 'project.status'; status: string | null };
export type DatabaseUpgradeEvent = ProjectStatusChangedEvent;

export type UpgradeStatusInput = { ref: string; trackingId: string | null };
export type UpgradeStatusOutput = { databaseUpgradeStatus: DatabaseUpgradeStatus | null };

export const databaseUpgradeMachine = setup({
  types: {} as {
    context: DatabaseUpgradeContext;
    events: DatabaseUpgradeEvent;
    input: DatabaseUpgradeInput;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchUpgradeStatus: fromPromise<UpgradeStatusOutput, UpgradeStatusInput>(async () => notProvided('fetch the upgrade status')),
    refreshEligibility: fromPromise<unknown, { ref: string }>(async () => notProvided('refresh the upgrade eligibility')),
  },
  delays: { upgradePoll: UPGRADE_POLL_MS },
  guards: {
    isUpgraded: ({ context }) => context.upgrade?.status === 'Upgraded',
    isFailed: ({ context }) => context.upgrade?.status === 'Failed',
    // spec A4.2: poll while the project is UPGRADING and the status is not yet Upgrading, or while Upgrading.
    keepPolling: ({ context }) => context.upgrade?.status === 'Upgrading' || context.projectUpgrading,
    becameUpgrading: ({ event }) => {
      assertEvent(event, 'project.status');
      return event.status === 'UPGRADING';
    },
  },
  actions: {
    storeUpgrade: assign((_, params: { output: UpgradeStatusOutput | undefined }) => ({
      upgrade: params.output?.databaseUpgradeStatus ?? null,
      error: null,
    })),
    storeError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error, 'The upgrade status could not be read') }),
    storeProjectStatus: assign(({ event }) => {
      assertEvent(event, 'project.status');
      return { projectUpgrading: event.status === 'UPGRADING' };
    }),
  },
}).createMachine({
  id: 'databaseUpgrade',
  context: ({ input }) => ({
    ref: input.ref,
    trackingId: input.trackingId ?? null,
    projectUpgrading: input.projectStatus === 'UPGRADING',
    upgrade: null,
    error: null,
  }),
  initial: 'checking',
  on: { 'project.status': { actions: 'storeProjectStatus' } },
  states: {
    checking: {
      tags: 'busy',
      invoke: {
        id: 'fetchUpgradeStatus',
        src: 'fetchUpgradeStatus',
        input: ({ context }) => ({ ref: context.ref, trackingId: context.trackingId }),
        onDone: { target: 'deciding', actions: { type: 'storeUpgrade', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'deciding', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deciding: {
      always: [
        { guard: 'isUpgraded', target: 'upgraded' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'keepPolling', target: 'waiting' },
        { target: 'idle' },
      ],
    },
    waiting: {
      tags: 'busy',
      after: { upgradePoll: 'checking' },
    },
    // Nothing under way (the project is not upgrading and no upgrade runs): read again once it is.
    idle: {
      on: { 'project.status': [{ guard: 'becameUpgrading', target: 'checking', actions: 'storeProjectStatus' }, { actions: 'storeProjectStatus' }] },
    },
    // spec A4.2: on Upgraded the eligibility data is refreshed (once; the screen then offers 'Return to project').
    upgraded: {
      invoke: { id: 'refreshEligibility', src: 'refreshEligibility', input: ({ context }) => ({ ref: context.ref }) },
    },
    failed: { tags: 'error' },
  },
});

export type DatabaseUpgradeMachine = typeof databaseUpgradeMachine;
