// A paused project's card and its resume dialog (spec A2.9, A4.1, A6, A8): the pause status is read once the card
// shows (only for INACTIVE projects), the confirm dialog optionally offers a Postgres version, resuming needs
// INFRA_EXECUTE, a free-plan organization whose admins reached their free project limit blocks it, and on success
// the status is assumed RESTORING with the toast 'Restoring project'.
import { assign, assertEvent, enqueueActions, fromPromise, setup } from 'xstate';
import type { AvailableVersion } from '../src/domain/postgres-versions.ts';
import {
  defaultResumeVersion,
  errorMessage,
  failureText,
  LIFECYCLE_TEXT,
  restoreBody,
  toastNotice,
  type LifecycleNotice,
} from '../src/domain/project-lifecycle.ts';
import { PERMISSION_MESSAGES } from '../src/domain/permissions.ts';
import { notProvided } from './support.ts';

export interface PauseStatusData {
  can_restore: boolean;
  remaining_days_till_restore_disabled: number | null;
  max_days_till_restore_disabled: number | null;
  latest_downloadable_backup_id: number | string | null;
}

export interface MemberAtLimit {
  username: string;
  primary_email?: string;
  free_project_limit: number;
}

export type ProjectResumeInput = { ref: string; orgSlug: string; isFreePlan: boolean; offerVersions: boolean };
export type ProjectResumeContext = ProjectResumeInput & {
  pauseStatus: PauseStatusData | null;
  versions: AvailableVersion[];
  /** engine|channel, '' for no choice (spec A5: a string, default empty). */
  version: string;
  membersAtLimit: MemberAtLimit[];
};

export type ResumeOpenEvent = { type: 'resume.open' };
export type ResumeCancelEvent = { type: 'resume.cancel' };
export type VersionSelectEvent = { type: 'version.select'; value: string };
/** `allowed`: the member may INFRA_EXECUTE queue_jobs.projects.initialize_or_resume (spec A6). */
export type ResumeConfirmEvent = { type: 'resume.confirm'; allowed: boolean };
export type MembersExceededCloseEvent = { type: 'membersExceeded.close' };
export type PauseStatusRetryEvent = { type: 'pauseStatus.retry' };
export type ProjectResumeEvent =
  | ResumeOpenEvent
  | ResumeCancelEvent
  | VersionSelectEvent
  | ResumeConfirmEvent
  | MembersExceededCloseEvent
  | PauseStatusRetryEvent;

export type RestoreInput = { ref: string; postgres_engine?: string; release_channel?: string };

export const projectResumeMachine = setup({
  types: {} as {
    context: ProjectResumeContext;
    events: ProjectResumeEvent;
    input: ProjectResumeInput;
    emitted: LifecycleNotice;
    tags: 'busy' | 'error';
  },
  actors: {
    fetchPauseStatus: fromPromise<PauseStatusData, { ref: string }>(async () => notProvided('fetch pause status')),
    fetchVersions: fromPromise<AvailableVersion[], { ref: string }>(async () => notProvided('fetch restore versions')),
    fetchMembersAtLimit: fromPromise<MemberAtLimit[], { orgSlug: string }>(async () => notProvided('fetch members at free limit')),
    restoreProject: fromPromise<unknown, RestoreInput>(async () => notProvided('restore project')),
  },
  guards: {
    offerVersions: ({ context }) => context.offerVersions,
    notAllowed: ({ event }) => {
      assertEvent(event, 'resume.confirm');
      return !event.allowed;
    },
    freePlan: ({ context }) => context.isFreePlan,
    membersAtLimit: (_, params: { members: MemberAtLimit[] | undefined }) => (params.members ?? []).length > 0,
  },
  actions: {
    storePauseStatus: assign({ pauseStatus: (_, params: { pauseStatus: PauseStatusData }) => params.pauseStatus }),
    storeVersions: assign((_, params: { versions: AvailableVersion[] | undefined }) => {
      const versions = params.versions ?? [];
      return { versions, version: defaultResumeVersion(versions) };
    }),
    selectVersion: assign({
      version: ({ event }) => {
        assertEvent(event, 'version.select');
        return event.value;
      },
    }),
    refuse: enqueueActions(({ enqueue }) => enqueue.emit(toastNotice('error', PERMISSION_MESSAGES.resumeProjectToast))),
    storeMembers: assign({ membersAtLimit: (_, params: { members: MemberAtLimit[] }) => params.members }),
    forgetMembers: assign({ membersAtLimit: [] }),
    fail: enqueueActions(({ enqueue }, params: { error: unknown }) =>
      enqueue.emit(toastNotice('error', failureText.restore(errorMessage(params.error)))),
    ),
    announceRestoring: enqueueActions(({ enqueue }) => {
      enqueue.emit(toastNotice('info', LIFECYCLE_TEXT.restoring));
      enqueue.emit({ type: 'notice.statusAssumed', status: 'RESTORING' });
    }),
  },
}).createMachine({
  id: 'projectResume',
  context: ({ input }) => ({ ...input, pauseStatus: null, versions: [], version: '', membersAtLimit: [] }),
  initial: 'loadingPauseStatus',
  states: {
    // spec A4.1: pause status is fetched only when the project is INACTIVE — the card (and so this actor) exists
    // only then.
    loadingPauseStatus: {
      tags: 'busy',
      invoke: {
        id: 'fetchPauseStatus',
        src: 'fetchPauseStatus',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'ready', actions: { type: 'storePauseStatus', params: ({ event }) => ({ pauseStatus: event.output }) } },
        onError: { target: 'pauseStatusFailed' },
      },
    },
    pauseStatusFailed: {
      tags: 'error',
      on: { 'pauseStatus.retry': 'loadingPauseStatus' },
    },
    ready: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'resume.open': [{ guard: 'offerVersions', target: 'confirming.loadingVersions' }, { target: 'confirming.choosing' }] },
        },
        confirming: {
          initial: 'choosing',
          on: { 'resume.cancel': 'closed' },
          states: {
            loadingVersions: {
              tags: 'busy',
              invoke: {
                id: 'fetchVersions',
                src: 'fetchVersions',
                input: ({ context }) => ({ ref: context.ref }),
                onDone: { target: 'choosing', actions: { type: 'storeVersions', params: ({ event }) => ({ versions: event.output }) } },
                // Without the list the platform picks the version: the choice is optional.
                onError: { target: 'choosing' },
              },
            },
            choosing: {
              on: {
                'version.select': { actions: 'selectVersion' },
                'resume.confirm': [
                  { guard: 'notAllowed', target: '#projectResume.ready.closed', actions: 'refuse' },
                  { guard: 'freePlan', target: '#projectResume.ready.checkingMembers' },
                  { target: '#projectResume.ready.restoring' },
                ],
              },
            },
          },
        },
        checkingMembers: {
          tags: 'busy',
          invoke: {
            id: 'fetchMembersAtLimit',
            src: 'fetchMembersAtLimit',
            input: ({ context }) => ({ orgSlug: context.orgSlug }),
            onDone: [
              {
                guard: { type: 'membersAtLimit', params: ({ event }) => ({ members: event.output }) },
                target: 'membersExceeded',
                actions: { type: 'storeMembers', params: ({ event }) => ({ members: event.output }) },
              },
              { target: 'restoring' },
            ],
            onError: { target: 'confirming.choosing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // spec A2.9: blocking; resume cannot proceed until those members delete, pause or upgrade projects.
        membersExceeded: {
          tags: 'error',
          on: { 'membersExceeded.close': { target: 'closed', actions: 'forgetMembers' } },
        },
        restoring: {
          tags: 'busy',
          invoke: {
            id: 'restoreProject',
            src: 'restoreProject',
            input: ({ context }) => ({ ref: context.ref, ...restoreBody(context.version) }),
            onDone: { target: 'restored', actions: 'announceRestoring' },
            onError: { target: 'confirming.choosing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        restored: {},
      },
    },
  },
});

export type ProjectResumeMachine = typeof projectResumeMachine;
