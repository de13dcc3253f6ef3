// A building project's status (spec A4.1 polling: "Building polls status every 4 s until ACTIVE_HEALTHY, then
// refreshes the project"). A small machine of its own: the full status and screen-precedence machine of A4.1 /
// A2.8 belongs to the project-lifecycle work and can absorb it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { BUILDING_STATUS_POLL_MS, isBuildingStatus } from '../src/domain/projects.ts';

export type ProjectBuildingInput = { ref: string; status: string };
export type ProjectBuildingContext = {
  ref: string;
  status: string;
  /** Failed status reads in a row; polling goes on (the platform may be restarting). */
  failures: number;
};

export type ProjectLoadedEvent = { type: 'project.loaded'; status: string };
export type ProjectBuildingEvent = ProjectLoadedEvent;
export type FetchStatusInput = { ref: string };

function notProvided(name: string): never {
  throw new Error(`the '${name}' actor is not provided`);
}

export const projectBuildingMachine = setup({
  types: {} as {
    context: ProjectBuildingContext;
    events: ProjectBuildingEvent;
    input: ProjectBuildingInput;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchStatus: fromPromise<{ status: string }, FetchStatusInput>(async () => notProvided('fetch project status')),
  },
  delays: { statusPoll: BUILDING_STATUS_POLL_MS },
  guards: {
    building: ({ context }) => isBuildingStatus(context.status),
    stillBuilding: ({ event }) => isBuildingStatus((event as { output?: { status?: string } }).output?.status),
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      assertEvent(event, 'project.loaded');
      return { status: event.status, failures: 0 };
    }),
    storeStatus: assign(({ context, event }) => ({
      status: (event as { output?: { status?: string } }).output?.status ?? context.status,
      failures: 0,
    })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
}).createMachine({
  id: 'projectBuilding',
  context: ({ input }) => ({ ref: input.ref, status: input.status, failures: 0 }),
  initial: 'deciding',
  on: {
    // The project was (re)loaded by the route: follow its status.
    'project.loaded': { target: '.deciding', actions: 'storeLoaded' },
  },
  states: {
    deciding: {
      always: [{ guard: 'building', target: 'waiting' }, { target: 'settled' }],
    },
    waiting: {
      tags: 'busy',
      after: { statusPoll: 'checking' },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [
          { guard: 'stillBuilding', target: 'waiting', actions: 'storeStatus' },
          { target: 'settled', actions: 'storeStatus' },
        ],
        onError: { target: 'waiting', actions: 'countFailure' },
      },
    },
    settled: {},
  },
});

export type ProjectBuildingMachine = typeof projectBuildingMachine;
