// A branch's merge request (spec A4.4 /project/{branch}/merge; issue 20). The diff is read (the branch's new
// migrations, the parent's since the branch was made, and the objects changed on both sides); with conflicts the
// merge is refused (conflicts), else 'Merge' applies the migrations to the parent in one transaction (merging →
// merged, or failed with Postgres's error — nothing merged). The request can be closed (review no longer requested)
// or the branch deleted; toasts and the navigation afterwards are emitted events.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { MergePlan } from '../src/domain/branches/merge.ts';
import { errorMessage, notProvided } from './support.ts';

export type MergeRequestInput = { ref: string };
export type MergeRequestContext = {
  ref: string;
  plan: MergePlan | null;
  loadError: string | null;
  /** Names of the migrations the last merge applied. */
  applied: string[] | null;
  /** The last merge / close / delete failure. */
  error: string | null;
};

export type MergeRequestEvent = { type: 'merge' } | { type: 'retry' } | { type: 'request.close' } | { type: 'branch.delete' };

export type MergeRequestNotice =
  | { type: 'mergeRequest.toast'; kind: 'success' | 'error'; message: string }
  /** Where to go after the request was closed or the branch deleted. */
  | { type: 'mergeRequest.navigate'; ref: string; to: 'branches' | 'home' };

export const MERGE_FAILED = 'Failed to merge';
export const CLOSE_FAILED = 'Failed to close the merge request';
export const DELETE_FAILED = 'Failed to delete branch';

export const mergeRequestMachine = setup({
  types: {} as {
    context: MergeRequestContext;
    events: MergeRequestEvent;
    input: MergeRequestInput;
    emitted: MergeRequestNotice;
    tags: 'busy';
  },
  actors: {
    fetchMergePlan: fromPromise<MergePlan, { ref: string }>(async () => notProvided('read the merge request')),
    merge: fromPromise<{ applied: string[] }, { ref: string }>(async () => notProvided('merge the branch')),
    closeRequest: fromPromise<unknown, { ref: string }>(async () => notProvided('close the merge request')),
    deleteBranch: fromPromise<unknown, { ref: string }>(async () => notProvided('delete the branch')),
  },
  guards: {
    hasConflicts: ({ context }) => (context.plan?.conflicts.length ?? 0) > 0,
    mergeable: ({ context }) => (context.plan?.migrations.length ?? 0) > 0 && (context.plan?.conflicts.length ?? 0) === 0,
  },
  actions: {
    fail: enqueueActions(({ enqueue }, params: { prefix: string; error: unknown }) => {
      const message = `${params.prefix}: ${errorMessage(params.error)}`;
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'mergeRequest.toast', kind: 'error', message });
    }),
    announceMerged: enqueueActions(({ enqueue }, params: { applied: string[] }) => {
      const count = params.applied.length;
      enqueue.assign({ applied: params.applied, error: null });
      enqueue.emit({
        type: 'mergeRequest.toast',
        kind: 'success',
        message: count === 0 ? 'Nothing to merge' : `Merged ${count} migration${count === 1 ? '' : 's'} into the default branch`,
      });
    }),
    announceClosed: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'mergeRequest.toast', kind: 'success', message: 'Merge request closed' });
      enqueue.emit({ type: 'mergeRequest.navigate', ref: context.plan?.parent_ref ?? context.ref, to: 'branches' });
    }),
    announceDeleted: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'mergeRequest.toast', kind: 'success', message: 'Branch deleted' });
      enqueue.emit({ type: 'mergeRequest.navigate', ref: context.plan?.parent_ref ?? context.ref, to: 'home' });
    }),
  },
}).createMachine({
  id: 'mergeRequest',
  context: ({ input }) => ({ ref: input.ref, plan: null, loadError: null, applied: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchMergePlan',
        src: 'fetchMergePlan',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'routing', actions: assign(({ event }) => ({ plan: event.output, loadError: null })) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ loadError: errorMessage(event.error, 'The merge request could not be read') })) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    routing: { always: [{ guard: 'hasConflicts', target: 'conflicts' }, { target: 'ready' }] },
    ready: {
      on: {
        merge: { guard: 'mergeable', target: 'merging' },
        retry: 'loading',
        'request.close': 'closing',
        'branch.delete': 'deleting',
      },
    },
    conflicts: {
      on: { retry: 'loading', 'request.close': 'closing', 'branch.delete': 'deleting' },
    },
    merging: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'merge',
        src: 'merge',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'merged', actions: { type: 'announceMerged', params: ({ event }) => ({ applied: event.output.applied }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ prefix: MERGE_FAILED, error: event.error }) } },
      },
    },
    merged: {
      // The diff is read again so the page shows what is left (nothing, unless the branch changed meanwhile); a failed
      // read leaves the old diff (Refresh reads it again).
      invoke: {
        id: 'fetchMergePlan',
        src: 'fetchMergePlan',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { actions: assign(({ event }) => ({ plan: event.output })) },
      },
      on: { retry: 'loading', 'request.close': 'closing', 'branch.delete': 'deleting' },
    },
    failed: {
      on: { merge: { guard: 'mergeable', target: 'merging' }, retry: 'loading', 'request.close': 'closing', 'branch.delete': 'deleting' },
    },
    closing: {
      tags: 'busy',
      invoke: {
        id: 'closeRequest',
        src: 'closeRequest',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'closed', actions: 'announceClosed' },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ prefix: CLOSE_FAILED, error: event.error }) } },
      },
    },
    closed: {},
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteBranch',
        src: 'deleteBranch',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ prefix: DELETE_FAILED, error: event.error }) } },
      },
    },
    deleted: {},
  },
});

export type MergeRequestMachine = typeof mergeRequestMachine;
