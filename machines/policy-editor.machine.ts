// Authentication → Policies editor (spec A2.7 "policies", issue 18): the form (editing), the exact SQL shown before
// it runs (reviewing), the write (saving), then done — or back to the form with Postgres's error verbatim and
// nothing typed lost. The script is built once, when the review opens, and the write runs that very text.
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  applyPolicyTemplate,
  createPolicyScript,
  editPolicyScript,
  policyDraftProblem,
  type PolicyDraft,
  type PolicyTemplate,
} from '../src/domain/auth-policies.ts';
import { errorMessage, notProvidedStub } from './support.ts';

/** The policy being edited as the catalog had it (its old name is dropped); null for a new one. */
export interface PolicyOrigin {
  schema: string;
  table: string;
  name: string;
}

export interface PolicyEditorContext {
  draft: PolicyDraft;
  origin: PolicyOrigin | null;
  /** The script under review and then running. */
  sql: string | null;
  /** Why the draft cannot be reviewed, or the failed write's message. */
  error: string | null;
}

export interface PolicyEditorInput {
  draft: PolicyDraft;
  origin?: PolicyOrigin | null;
}

export interface PolicyChangeEvent {
  type: 'policy.change';
  patch: Partial<PolicyDraft>;
}
export interface PolicyTemplateEvent {
  type: 'policy.template';
  template: PolicyTemplate;
}
/** Shows the SQL (refused with a reason while the draft lacks something). */
export interface PolicyReviewEvent {
  type: 'policy.review';
}
export interface PolicyBackEvent {
  type: 'policy.back';
}
/** Runs the SQL under review. */
export interface PolicySaveEvent {
  type: 'policy.save';
}
export type PolicyEditorEvent = PolicyChangeEvent | PolicyTemplateEvent | PolicyReviewEvent | PolicyBackEvent | PolicySaveEvent;

export interface PolicySavedEmitted {
  type: 'policy.saved';
  name: string;
}

const scriptFor = (context: PolicyEditorContext): string =>
  (context.origin ? editPolicyScript(context.origin, context.draft) : createPolicyScript(context.draft)).query;

export const policyEditorMachine = setup({
  types: {} as {
    context: PolicyEditorContext;
    events: PolicyEditorEvent;
    input: PolicyEditorInput;
    emitted: PolicySavedEmitted;
    tags: 'busy' | 'error';
  },
  actors: { runPolicySql: fromPromise<unknown, { query: string }>(notProvidedStub('run policy SQL')) },
  guards: { draftComplete: ({ context }) => policyDraftProblem(context.draft) === null },
}).createMachine({
  id: 'policyEditor',
  context: ({ input }) => ({ draft: input.draft, origin: input.origin ?? null, sql: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'policy.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), error: null }) },
        'policy.template': { actions: assign({ draft: ({ context, event }) => applyPolicyTemplate(context.draft, event.template), error: null }) },
        'policy.review': [
          { guard: 'draftComplete', target: 'reviewing', actions: assign({ sql: ({ context }) => scriptFor(context), error: null }) },
          { actions: assign({ error: ({ context }) => policyDraftProblem(context.draft) }) },
        ],
      },
    },
    reviewing: {
      on: {
        'policy.back': { target: 'editing', actions: assign({ sql: null }) },
        'policy.save': 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'runPolicySql',
        src: 'runPolicySql',
        input: ({ context }) => ({ query: context.sql ?? '' }),
        onDone: { target: 'done', actions: emit(({ context }) => ({ type: 'policy.saved' as const, name: context.draft.name.trim() })) },
        onError: { target: 'editing', actions: assign({ sql: null, error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});

export type PolicyEditorMachine = typeof policyEditorMachine;
