// 'Create preview branch' (spec B2.8, B5 "Create branch form", B8, B9; issue 20). The add-ons are read first
// (loading: 'with data' needs PITR, submit waits for them); the form holds the name (B5's rule) and 'with data';
// turning 'with data' on reads the disk and the database size (estimating) for B9's estimate — an unreadable disk
// configuration leaves a notice, not a block. Submitting asks the platform for the branch, which answers at once with
// it COMING_UP; creating then reads it every BRANCH_CREATE_POLL_MS until the copy of the parent's database is done
// (ACTIVE_HEALTHY: toast, navigate to it, close — emitted events) or failed (INIT_FAILED: the reason shown).
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { BRANCH_CREATE_POLL_MS, BRANCH_STATUS, branchNameProblem, type Branch } from '../src/domain/branches/branches.ts';
import type { DiskAttributes } from '../src/domain/disk.ts';
import { errorMessage, notProvided } from './support.ts';

export type BranchCreateInput = { ref: string; existingNames: readonly string[]; blockedReason: string | null };

export interface BranchEstimateSource {
  /** null when the disk configuration could not be read (spec B2.8: no cost estimate is possible). */
  disk: DiskAttributes | null;
  databaseBytes: number | null;
}

export type BranchCreateContext = {
  ref: string;
  existingNames: readonly string[];
  blockedReason: string | null;
  name: string;
  /** The name was edited or a submit was tried: its problem is shown. */
  touched: boolean;
  withData: boolean;
  /** null until the add-ons are read. */
  pitr: boolean | null;
  /** null until estimated. */
  estimate: BranchEstimateSource | null;
  loadError: string | null;
  /** The branch asked for, as last read. */
  branch: Branch | null;
  /** The failed request's or the failed copy's message. */
  error: string | null;
};

export type BranchCreateEvent =
  | { type: 'name.change'; value: string }
  | { type: 'withData.change'; value: boolean }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'close' };

/** What the view acts on: toasts, the navigation to the new branch, closing the dialog. */
export type BranchCreateNotice =
  | { type: 'branchCreate.toast'; kind: 'success' | 'error'; message: string }
  | { type: 'branchCreate.navigate'; ref: string }
  | { type: 'branchCreate.close' };

export const CREATE_BRANCH_FAILED = 'Failed to create branch';
export const COPY_FAILED = "Could not copy the parent's database";

export const branchCreateMachine = setup({
  types: {} as {
    context: BranchCreateContext;
    events: BranchCreateEvent;
    input: BranchCreateInput;
    emitted: BranchCreateNotice;
    tags: 'busy';
  },
  actors: {
    fetchAddons: fromPromise<{ pitr: boolean }, { ref: string }>(async () => notProvided("read the project's add-ons")),
    fetchEstimate: fromPromise<BranchEstimateSource, { ref: string }>(async () => notProvided('read the disk and the database size')),
    createBranch: fromPromise<Branch, { ref: string; name: string; withData: boolean }>(async () => notProvided('create a branch')),
    fetchBranch: fromPromise<Branch | null, { ref: string; id: string }>(async () => notProvided('read the new branch')),
  },
  delays: { branchCreatePoll: BRANCH_CREATE_POLL_MS },
  guards: {
    submittable: ({ context }) => context.blockedReason === null && branchNameProblem(context.name, context.existingNames) === null,
    needsEstimate: ({ context, event }) => event.type === 'withData.change' && event.value && context.pitr === true && context.estimate === null,
    branchReady: ({ context }) => context.branch?.status === BRANCH_STATUS.ready,
    branchFailed: ({ context }) => context.branch?.status === BRANCH_STATUS.failed,
    branchGone: ({ context }) => context.branch === null,
  },
  actions: {
    setName: assign((_, params: { value: string }) => ({ name: params.value, touched: true })),
    setWithData: assign(({ context }, params: { value: boolean }) => ({ withData: params.value && context.pitr === true })),
    touch: assign({ touched: true }),
    storeBranch: assign((_, params: { branch: Branch | null }) => ({ branch: params.branch })),
    requestFailed: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const message = errorMessage(params.error);
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'branchCreate.toast', kind: 'error', message: `${CREATE_BRANCH_FAILED}: ${message}` });
    }),
    copyFailed: enqueueActions(({ context, enqueue }) => {
      const message = `${COPY_FAILED}: ${context.branch?.create_error ?? 'the branch was removed'}`;
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'branchCreate.toast', kind: 'error', message: `${CREATE_BRANCH_FAILED}: ${message}` });
    }),
    finish: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'branchCreate.toast', kind: 'success', message: `Successfully created branch "${context.branch?.name ?? context.name.trim()}"` });
      enqueue.emit({ type: 'branchCreate.navigate', ref: context.branch?.project_ref ?? '' });
      enqueue.emit({ type: 'branchCreate.close' });
    }),
    close: emit({ type: 'branchCreate.close' }),
  },
}).createMachine({
  id: 'branchCreate',
  context: ({ input }) => ({
    ref: input.ref,
    existingNames: input.existingNames,
    blockedReason: input.blockedReason,
    name: '',
    touched: false,
    withData: false,
    pitr: null,
    estimate: null,
    loadError: null,
    branch: null,
    error: null,
  }),
  initial: 'loading',
  on: { close: { actions: 'close' } },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchAddons',
        src: 'fetchAddons',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'form', actions: assign(({ event }) => ({ pitr: event.output.pitr, loadError: null })) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ loadError: errorMessage(event.error, "Failed to retrieve the project's add-ons") })) },
      },
      // The name field is open while the add-ons load: what is typed is kept.
      on: { 'name.change': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } } },
    },
    loadFailed: {
      on: {
        retry: 'loading',
        'name.change': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } },
      },
    },
    form: {
      on: {
        'name.change': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } },
        'withData.change': [
          { guard: 'needsEstimate', target: 'estimating', actions: { type: 'setWithData', params: ({ event }) => ({ value: event.value }) } },
          { actions: { type: 'setWithData', params: ({ event }) => ({ value: event.value }) } },
        ],
        submit: [{ guard: 'submittable', target: 'submitting', actions: 'touch' }, { actions: 'touch' }],
      },
    },
    estimating: {
      invoke: {
        id: 'fetchEstimate',
        src: 'fetchEstimate',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: { target: 'form', actions: assign(({ event }) => ({ estimate: event.output })) },
        // Not a block: the notice that no estimate is possible.
        onError: { target: 'form', actions: assign({ estimate: { disk: null, databaseBytes: null } }) },
      },
      on: {
        'name.change': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } },
        'withData.change': { actions: { type: 'setWithData', params: ({ event }) => ({ value: event.value }) } },
        submit: [{ guard: 'submittable', target: 'submitting', actions: 'touch' }, { actions: 'touch' }],
      },
    },
    submitting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'createBranch',
        src: 'createBranch',
        input: ({ context }) => ({ ref: context.ref, name: context.name.trim(), withData: context.withData }),
        onDone: { target: 'creating', actions: { type: 'storeBranch', params: ({ event }) => ({ branch: event.output }) } },
        onError: { target: 'form', actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    creating: {
      tags: 'busy',
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'branchReady', target: '#branchCreate.done', actions: 'finish' },
            { guard: 'branchFailed', target: '#branchCreate.failed', actions: 'copyFailed' },
            { guard: 'branchGone', target: '#branchCreate.failed', actions: 'copyFailed' },
            { target: 'waiting' },
          ],
        },
        waiting: { after: { branchCreatePoll: 'checking' } },
        checking: {
          invoke: {
            id: 'fetchBranch',
            src: 'fetchBranch',
            input: ({ context }) => ({ ref: context.ref, id: context.branch?.id ?? '' }),
            onDone: { target: 'deciding', actions: { type: 'storeBranch', params: ({ event }) => ({ branch: event.output }) } },
            // A failed read: the copy goes on on the platform; read again at the next poll.
            onError: 'waiting',
          },
        },
      },
    },
    done: {},
    failed: {},
  },
});

export type BranchCreateMachine = typeof branchCreateMachine;
