// The delete-project modal (spec A2.9, A5, A7, A8): the project name typed exactly; on non-free plans at least
// one exit-survey reason; DELETE, then the survey to /platform/feedback/downgrade whose failure is only logged.
// What the user typed stays when the delete fails. The view navigates once the machine reaches `deleted`.
import { assign, assertEvent, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { CONFIRMATION_MISMATCH_ERROR, matchesConfirmation } from '../src/domain/confirm.ts';
import { errorMessage, exitSurvey, failureText, LIFECYCLE_TEXT, toastNotice, type ExitSurvey, type LifecycleNotice } from '../src/domain/project-lifecycle.ts';
import { notProvided } from './support.ts';

export type DeleteProjectInput = { ref: string; name: string; orgSlug?: string; isFreePlan: boolean };
export type DeleteProjectContext = DeleteProjectInput & {
  typed: string;
  reasons: string[];
  feedback: string;
  /** The failed delete's message. */
  error: string | null;
  /** Why the submit was refused (name mismatch, no reason). */
  validation: string | null;
};

export type NameEditEvent = { type: 'name.edit'; value: string };
export type ReasonToggleEvent = { type: 'reason.toggle'; reason: string };
export type FeedbackEditEvent = { type: 'feedback.edit'; value: string };
export type DeleteSubmitEvent = { type: 'delete.submit' };
export type DeleteProjectEvent = NameEditEvent | ReasonToggleEvent | FeedbackEditEvent | DeleteSubmitEvent;

/**
 * spec A2.9, A5: the name typed exactly, after trimming as every typed confirmation (A5: 'trimmed input must equal
 * the confirm string') — a pasted name with a trailing space or newline matches (issue 15).
 */
export const nameMatches = (context: Pick<DeleteProjectContext, 'typed' | 'name'>): boolean => matchesConfirmation(context.typed, context.name);
/** spec A2.9: the exit survey is shown (and required) on non-free plans only. */
export const surveyRequired = (context: Pick<DeleteProjectContext, 'isFreePlan'>): boolean => !context.isFreePlan;

/** The project is gone (and the survey sent or given up): the view leaves for the organization (spec A7). */
export interface ProjectDeletedEmitted {
  type: 'project.deleted';
}

export const deleteProjectMachine = setup({
  types: {} as {
    context: DeleteProjectContext;
    events: DeleteProjectEvent;
    input: DeleteProjectInput;
    emitted: LifecycleNotice | ProjectDeletedEmitted;
    tags: 'busy' | 'error';
  },
  actors: {
    deleteProject: fromPromise<unknown, { ref: string }>(async () => notProvided('delete project')),
    sendExitSurvey: fromPromise<unknown, ExitSurvey>(async () => notProvided('send exit survey')),
  },
  guards: {
    nameMismatch: ({ context }) => !nameMatches(context),
    reasonMissing: ({ context }) => surveyRequired(context) && context.reasons.length === 0,
    surveyRequired: ({ context }) => surveyRequired(context),
  },
  actions: {
    editName: assign(({ event }) => {
      assertEvent(event, 'name.edit');
      return { typed: event.value, validation: null };
    }),
    toggleReason: assign(({ context, event }) => {
      assertEvent(event, 'reason.toggle');
      const has = context.reasons.includes(event.reason);
      return { reasons: has ? context.reasons.filter((r) => r !== event.reason) : [...context.reasons, event.reason], validation: null };
    }),
    editFeedback: assign(({ event }) => {
      assertEvent(event, 'feedback.edit');
      return { feedback: event.value };
    }),
    refuseName: assign({ validation: CONFIRMATION_MISMATCH_ERROR }),
    refuseReason: assign({ validation: LIFECYCLE_TEXT.reasonRequired }),
    clearError: assign({ error: null, validation: null }),
    fail: enqueueActions(({ enqueue }, { error }: { error: unknown }) => {
      const message = failureText.delete(errorMessage(error));
      enqueue.assign({ error: message });
      enqueue.emit(toastNotice('error', message));
    }),
    // spec A7: the survey's failure is ignored on delete — the project is gone already; only logged.
    logSurveyFailure: enqueueActions(({ enqueue }, { error }: { error: unknown }) =>
      enqueue.emit({ type: 'notice.log', message: failureText.surveyFailed(errorMessage(error)) }),
    ),
  },
}).createMachine({
  id: 'deleteProject',
  context: ({ input }) => ({ ...input, typed: '', reasons: [], feedback: '', error: null, validation: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.edit': { actions: 'editName' },
        'reason.toggle': { actions: 'toggleReason' },
        'feedback.edit': { actions: 'editFeedback' },
        'delete.submit': [
          { guard: 'nameMismatch', actions: 'refuseName' },
          { guard: 'reasonMissing', actions: 'refuseReason' },
          { target: 'deleting', actions: 'clearError' },
        ],
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteProject',
        src: 'deleteProject',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [{ guard: 'surveyRequired', target: 'sendingSurvey' }, { target: 'deleted' }],
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sendingSurvey: {
      tags: 'busy',
      invoke: {
        id: 'sendExitSurvey',
        src: 'sendExitSurvey',
        input: ({ context }) =>
          exitSurvey({ projectRef: context.ref, orgSlug: context.orgSlug, reasons: context.reasons, feedback: context.feedback }),
        onDone: { target: 'deleted' },
        onError: { target: 'deleted', actions: { type: 'logSurveyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Emitted, not watched as a flag (issue 15): the modal navigates once per deletion.
    deleted: { type: 'final', entry: emit({ type: 'project.deleted' }) },
  },
});

export type DeleteProjectMachine = typeof deleteProjectMachine;
