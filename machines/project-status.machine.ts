// A project's status as the console follows it (spec A4.1, A2.8): one actor per project, created by the project
// route. It starts from the loaded project, polls while the status is passing (building, pausing, restarting,
// resizing, restoring), pings the REST service of an active project until it answers, and takes statuses other
// views assume after starting an operation (`status.assumed`: resume → RESTORING, pause → PAUSING, …). The screen
// to show is a pure function of its context (src/domain/project-status.ts `statusScreen`).
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Project } from '../src/domain/entities.ts';
import {
  BUILDING_STATUSES,
  BUILDING_SUPPORT_AFTER_MS,
  PAUSE_POLL_MS,
  PAUSE_POLL_START_MS,
  PAUSING_STATUSES,
  REST_PING_INTERVAL_MS,
  RESTARTING_STATUSES,
  STATUS_POLL_MS,
  type PostgrestStatus,
} from '../src/domain/project-status.ts';
import { notProvided } from './support.ts';

export type ProjectStatusInput = { ref: string; project?: Project | null };
export type ProjectStatusContext = {
  ref: string;
  project: Project | null;
  /** The latest status known: loaded, polled or assumed. */
  status: string | null;
  /** The REST service as the last ping found it; null until an active project was pinged. */
  postgrestStatus: PostgrestStatus | null;
  /** Failed status reads or pings in a row; polling goes on (the platform may be restarting). */
  failures: number;
  /** spec A2.8: the building screen offers a support ticket once it has shown for 2 minutes. */
  supportOffered: boolean;
};

/** The route loaded (or reloaded) the project: its status is the truth from now on. */
export type ProjectLoadedEvent = { type: 'project.loaded'; project: Project };
/** An operation was started here (spec A4.1 "Resume: on success the status is set locally to RESTORING"). */
export type StatusAssumedEvent = { type: 'status.assumed'; status: string };
/** The user leaves 'Restoration complete!' or 'Upgrade completed!' with 'Return to project'. */
export type ProjectReturnEvent = { type: 'project.return' };
export type ProjectStatusEvent = ProjectLoadedEvent | StatusAssumedEvent | ProjectReturnEvent;

export type RefInput = { ref: string };
export type StatusOutput = { status: string };

/** A status read's answer, as the polling guards and the store action take it. */
type Polled = { status: string | undefined };
const polled = ({ event }: { event: DoneActorEvent<StatusOutput> }): Polled => ({ status: event.output?.status });
const isIn = (statuses: readonly string[]) => (_: unknown, { status }: Polled) => statuses.includes(status ?? '');

type StillPolling = 'stillBuilding' | 'stillPausing' | 'stillRestarting' | 'stillRestoring';
type PollExit = { guard: 'restored'; target: '#projectStatus.restorationComplete' };

/**
 * The read every polling state makes (spec A4.1): ask for the status, store it; while `still` holds, wait for the
 * next poll; otherwise take the exits (restoring has 'Restoration complete!') or reload the project. A failed read
 * counts and waits for the next poll. Each polling state keeps its own delays and waiting states.
 */
function pollCheck(still: StillPolling, exits: readonly PollExit[] = []) {
  return {
    invoke: {
      id: 'fetchStatus',
      src: 'fetchStatus',
      input: ({ context }: { context: ProjectStatusContext }) => ({ ref: context.ref }),
      onDone: [
        { guard: { type: still, params: polled }, target: 'waiting', actions: { type: 'storePolled', params: polled } },
        ...exits.map((exit) => ({ guard: { type: exit.guard, params: polled }, target: exit.target, actions: { type: 'storePolled', params: polled } }) as const),
        { target: '#projectStatus.refreshing', actions: { type: 'storePolled', params: polled } },
      ],
      onError: { target: 'waiting', actions: 'countFailure' },
    },
  } as const;
}

export const projectStatusMachine = setup({
  types: {} as {
    context: ProjectStatusContext;
    events: ProjectStatusEvent;
    input: ProjectStatusInput;
    tags: 'busy';
  },
  actors: {
    fetchStatus: fromPromise<StatusOutput, RefInput>(async () => notProvided('fetch project status')),
    pingRest: fromPromise<unknown, RefInput>(async () => notProvided('ping the REST service')),
    refreshProject: fromPromise<unknown, RefInput>(async () => notProvided('refresh the project')),
  },
  // spec A4.1, C9: named after the spec's polling rules.
  delays: {
    statusPoll: STATUS_POLL_MS,
    pausePollStart: PAUSE_POLL_START_MS,
    pausePoll: PAUSE_POLL_MS,
    restPing: REST_PING_INTERVAL_MS,
    buildingSupport: BUILDING_SUPPORT_AFTER_MS,
  },
  guards: {
    noProject: ({ context }) => context.project === null,
    isBuilding: ({ context }) => BUILDING_STATUSES.includes(context.status ?? ''),
    isPausing: ({ context }) => PAUSING_STATUSES.includes(context.status ?? ''),
    isRestarting: ({ context }) => RESTARTING_STATUSES.includes(context.status ?? ''),
    isRestoring: ({ context }) => context.status === 'RESTORING',
    isUpgrading: ({ context }) => context.status === 'UPGRADING',
    isActive: ({ context }) => context.status === 'ACTIVE_HEALTHY',
    stillBuilding: isIn(BUILDING_STATUSES),
    stillPausing: isIn(PAUSING_STATUSES),
    stillRestarting: isIn(RESTARTING_STATUSES),
    stillRestoring: isIn(['RESTORING']),
    restored: isIn(['ACTIVE_HEALTHY']),
    loadedActive: ({ event }) => {
      assertEvent(event, 'project.loaded');
      return event.project.status === 'ACTIVE_HEALTHY';
    },
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      assertEvent(event, 'project.loaded');
      return { project: event.project, status: event.project.status, postgrestStatus: null, failures: 0 };
    }),
    storeProject: assign(({ event }) => {
      assertEvent(event, 'project.loaded');
      return { project: event.project };
    }),
    storeAssumed: assign(({ event }) => {
      assertEvent(event, 'status.assumed');
      return { status: event.status, postgrestStatus: null, failures: 0 };
    }),
    storePolled: assign(({ context }, { status }: Polled) => ({ status: status ?? context.status, failures: 0 })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetSupport: assign({ supportOffered: false }),
    offerSupport: assign({ supportOffered: true }),
    markOnline: assign({ postgrestStatus: 'ONLINE' as const, failures: 0 }),
    markOffline: assign(({ context }) => ({ postgrestStatus: 'OFFLINE' as const, failures: context.failures + 1 })),
  },
}).createMachine({
  id: 'projectStatus',
  context: ({ input }) => ({
    ref: input.ref,
    project: input.project ?? null,
    status: input.project?.status ?? null,
    postgrestStatus: null,
    failures: 0,
    supportOffered: false,
  }),
  initial: 'deciding',
  on: {
    'project.loaded': { target: '.deciding', actions: 'storeLoaded' },
    'status.assumed': { target: '.deciding', actions: 'storeAssumed' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'noProject', target: 'loading' },
        { guard: 'isBuilding', target: 'building' },
        { guard: 'isPausing', target: 'pausing' },
        { guard: 'isRestarting', target: 'restarting' },
        { guard: 'isRestoring', target: 'restoring' },
        { guard: 'isUpgrading', target: 'upgrading' },
        { guard: 'isActive', target: 'active' },
        { target: 'settled' },
      ],
    },
    // spec A4.1 step 1: no project yet.
    loading: {},
    // spec A4.1: "Building polls status every 4 s until ACTIVE_HEALTHY, then refreshes the project."
    building: {
      tags: 'busy',
      entry: 'resetSupport',
      exit: 'resetSupport',
      after: { buildingSupport: { actions: 'offerSupport' } },
      initial: 'waiting',
      states: {
        waiting: { after: { statusPoll: 'checking' } },
        checking: pollCheck('stillBuilding'),
      },
    },
    // spec A4.1: "Pausing starts polling after 4 s, every 2 s, until INACTIVE."
    pausing: {
      tags: 'busy',
      initial: 'starting',
      states: {
        starting: { after: { pausePollStart: 'checking' } },
        waiting: { after: { pausePoll: 'checking' } },
        checking: pollCheck('stillPausing'),
      },
    },
    // spec A4.1: "Resizing / restarting poll project details every 4 s until ACTIVE_HEALTHY" (any other status
    // ends the poll as well: the screen then follows it).
    restarting: {
      tags: 'busy',
      initial: 'waiting',
      states: {
        waiting: { after: { statusPoll: 'checking' } },
        checking: pollCheck('stillRestarting'),
      },
    },
    // spec A4.1: "Restoring polls status every 4 s; on ACTIVE_HEALTHY the completion screen shows."
    restoring: {
      tags: 'busy',
      initial: 'waiting',
      states: {
        waiting: { after: { statusPoll: 'checking' } },
        checking: pollCheck('stillRestoring', [{ guard: 'restored', target: '#projectStatus.restorationComplete' }]),
      },
    },
    // 'Restoration complete!' stays until the user returns to the project; a reload that finds the project
    // active keeps it (it is what the screen announces), any other status takes over.
    restorationComplete: {
      on: {
        'project.return': { target: 'refreshing' },
        'project.loaded': [{ guard: 'loadedActive', actions: 'storeProject' }, { target: 'deciding', actions: 'storeLoaded' }],
      },
    },
    // The upgrade screen follows the upgrade itself (database-upgrade machine, spec A4.2); 'Return to project'
    // after 'Upgrade completed!' reloads the project.
    upgrading: {
      on: { 'project.return': { target: 'refreshing' } },
    },
    // spec A4.1: "Connecting pings the project REST API every 4 s (2 s timeout); on success it marks the REST
    // service ONLINE." An active project is pinged once on arrival; an offline one until it answers.
    active: {
      initial: 'checkingRest',
      states: {
        checkingRest: {
          invoke: {
            id: 'pingRest',
            src: 'pingRest',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: { target: 'online', actions: 'markOnline' },
            onError: { target: 'offline', actions: 'markOffline' },
          },
        },
        online: {},
        offline: { tags: 'busy', after: { restPing: 'checkingRest' } },
      },
    },
    // The status left a polled one: reload the project (the route's loader), then follow it.
    refreshing: {
      tags: 'busy',
      invoke: {
        id: 'refreshProject',
        src: 'refreshProject',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'deciding' },
        onError: { target: 'deciding' },
      },
    },
    // INACTIVE, PAUSE_FAILED, RESTORE_FAILED or a status the console does not know: nothing to poll.
    settled: {},
  },
});

export type ProjectStatusMachine = typeof projectStatusMachine;
