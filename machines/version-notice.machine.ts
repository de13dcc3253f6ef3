// The version notice (spec A2.14 both readings, C§9; issue 21): the deployment commit is read at start, every 10 min
// and when asked ('version.check', e.g. the tab became visible again). (a) A build other than the one this page
// loaded: 'new version of this page is available' with 'Not now' / 'Refresh' ('Not now' silences that build only);
// (b) a commit time 24 h or more newer than the first one seen: the persistent 'refresh' notice, shown once.
import { assign, emit, fromPromise, setup } from 'xstate';
import { VERSION_CHECK_MS, versionNotice, type DeploymentCommit } from '../src/domain/signals.ts';
import { notProvided } from './support.ts';

export type VersionNoticeKind = 'newVersion' | 'refresh';
export type VersionNoticeInput = { loadedSha: string };
export type VersionNoticeContext = {
  loadedSha: string;
  firstSeenTime: string | null;
  latestSha: string | null;
  dismissedSha: string | null;
  refreshShown: boolean;
  notice: VersionNoticeKind | null;
};
export type VersionCheckEvent = { type: 'version.check' };
export type VersionDismissEvent = { type: 'version.dismiss' };
export type VersionRefreshEvent = { type: 'version.refresh' };
export type VersionNoticeEvent = VersionCheckEvent | VersionDismissEvent | VersionRefreshEvent;
export type VersionNoticeEmitted = { type: 'version.notice'; notice: VersionNoticeKind } | { type: 'version.reload' };

export const versionNoticeMachine = setup({
  types: {} as {
    context: VersionNoticeContext;
    events: VersionNoticeEvent;
    input: VersionNoticeInput;
    emitted: VersionNoticeEmitted;
    tags: 'busy';
  },
  actors: {
    fetchDeployment: fromPromise<DeploymentCommit>(async () => notProvided('fetch deployment commit')),
  },
  delays: { versionCheck: VERSION_CHECK_MS },
  guards: {
    hasNotice: ({ context }, { fetched }: { fetched: DeploymentCommit }) => {
      return versionNotice({ ...context, loadedSha: context.loadedSha, fetched }) !== null;
    },
  },
  actions: {
    remember: assign(({ context }, { fetched }: { fetched: DeploymentCommit }) => {
      const notice = versionNotice({ ...context, fetched });
      return {
        firstSeenTime: context.firstSeenTime ?? fetched.commitTime,
        latestSha: fetched.commitSha,
        notice,
        refreshShown: context.refreshShown || notice === 'refresh',
      };
    }),
  },
}).createMachine({
  id: 'versionNotice',
  context: ({ input }) => ({ loadedSha: input.loadedSha, firstSeenTime: null, latestSha: null, dismissedSha: null, refreshShown: false, notice: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      invoke: {
        id: 'fetchDeployment',
        src: 'fetchDeployment',
        onDone: [
          { guard: { type: 'hasNotice', params: ({ event }) => ({ fetched: event.output }) }, target: 'notifying', actions: { type: 'remember', params: ({ event }) => ({ fetched: event.output }) } },
          { target: 'waiting', actions: { type: 'remember', params: ({ event }) => ({ fetched: event.output }) } },
        ],
        // Not shown (spec A7: nothing to the user); the next check tries again.
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      after: { versionCheck: 'checking' },
      on: { 'version.check': 'checking' },
    },
    notifying: {
      entry: emit(({ context }) => ({ type: 'version.notice' as const, notice: context.notice ?? 'newVersion' })),
      on: {
        'version.dismiss': {
          target: 'waiting',
          actions: assign(({ context }) => ({ dismissedSha: context.latestSha, notice: null })),
        },
        'version.refresh': { target: 'reloading' },
      },
    },
    reloading: { entry: emit({ type: 'version.reload' as const }), type: 'final' },
  },
});

export type VersionNoticeMachine = typeof versionNoticeMachine;
