// One run of the SQL editor (issue 7, spec B2.2 "Running a query"): idle → running → succeeded | failed, with a
// cancel that asks the platform to cancel the run by its id (pg_cancel_backend) while the run itself keeps waiting
// for its answer — the answer of a cancelled run is Postgres's "canceling statement due to user request".
// The run id and the start time come with the event (views make them), so the machine stays pure.
// A destructive statement (issue 14 item 6) is not run at once: the machine waits in `confirming` for the view's
// `run.confirm` or `run.dismiss`, so nothing can run it past the question.
// The run's bookkeeping lives here, not in the view (issue 15): which editor text the run came from (to mark its
// error there) and `run.finished`, emitted once per answered run for the view to announce (the history reloads).
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { destructiveReasons } from '../src/domain/sql-editor-destructive.ts';
import { errorMessage, notProvidedStub } from './support.ts';

/**
 * A cancel the platform answers with `cancelled: false` may have reached it before the run did (Cancel pressed right
 * after Run: two requests, the run registered a few milliseconds later). It is asked again after this long…
 */
export const SQL_CANCEL_RETRY_MS = 250;
/** …up to this many times in all; then the run is left to end on its own (it finished, or never started). */
export const SQL_CANCEL_ATTEMPTS = 8;

export interface SqlRunRequest {
  runId: string;
  sql: string;
  /** Opaque to the machine: the impersonation the run applies (spec B2.7). */
  impersonation?: unknown;
  /** Opaque to the machine: the read replica the run goes to (spec B2.3); the primary when undefined. */
  database?: string | undefined;
}

/** Where the run came from in the editor: the error's position is marked in this text (spec B2.2). */
export interface SqlRunSource {
  /** The editor's whole text when the run started. */
  text: string;
  /** Where the SQL that ran starts in it (a selection's start, else 0). */
  offset: number;
  /** An EXPLAIN: its positions count from the added prefix, so nothing is marked. */
  explain: boolean;
}

export interface SqlRunResult {
  rows: Record<string, unknown>[];
  durationMs: number;
}

export interface SqlRunError {
  message: string;
  /** 1-based character position of the error in the SQL, when Postgres gave one. */
  position: number | null;
  formattedError: string | null;
  /** Postgres's SQLSTATE, when the database answered. */
  code: string | null;
  /** How long the failed run took, when the run actor measured it. */
  durationMs: number | null;
}

export interface SqlRunContext {
  request: SqlRunRequest | null;
  result: SqlRunResult | null;
  error: SqlRunError | null;
  cancelRequested: boolean;
  /** Cancels asked of the platform for the current run. */
  cancelAttempts: number;
  /** When the current run started (the sender's clock, e.g. performance.now()); null when none runs. */
  startedAt: number | null;
  /** A destructive run waiting for the user's answer, with what makes it destructive. */
  pending: { request: SqlRunRequest; startedAt: number | null; reasons: string[]; source: SqlRunSource | null } | null;
  /** The source of the run that last started (a dismissed one never started). */
  source: SqlRunSource | null;
}

export interface RunStartEvent { type: 'run.start'; request: SqlRunRequest; startedAt?: number; source?: SqlRunSource }
export interface RunCancelEvent { type: 'run.cancel' }
export interface RunClearEvent { type: 'run.clear' }
/** The user confirmed the destructive run. */
export interface RunConfirmEvent { type: 'run.confirm' }
/** The user declined it: nothing runs, the last result stays. */
export interface RunDismissEvent { type: 'run.dismiss' }
export type SqlRunEvent = RunStartEvent | RunCancelEvent | RunClearEvent | RunConfirmEvent | RunDismissEvent;

/** A run got its answer (rows or an error, a cancel included). */
export interface RunFinishedEmitted { type: 'run.finished'; ok: boolean }

/** Postgres's query_canceled. */
export const QUERY_CANCELED = '57014';

/**
 * The run actor rejects with a SqlRunError (it reads the platform's answer: src/actors/sql-editor.ts). Anything else
 * (the loud default stub, a bug) is shown by its message with no SQL details.
 */
export function asRunError(error: unknown): SqlRunError {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Partial<Record<keyof SqlRunError, unknown>>;
  const orNull = <T,>(value: unknown, type: 'number' | 'string') => (typeof value === type ? (value as T) : null);
  return {
    message: errorMessage(error, String(error)),
    position: orNull<number>(record.position, 'number'),
    formattedError: orNull<string>(record.formattedError, 'string'),
    code: orNull<string>(record.code, 'string'),
    durationMs: orNull<number>(record.durationMs, 'number'),
  };
}

export const sqlRunMachine = setup({
  types: {} as { context: SqlRunContext; events: SqlRunEvent; emitted: RunFinishedEmitted; tags: 'busy' | 'error' },
  actors: {
    runQuery: fromPromise<SqlRunResult, SqlRunRequest>(notProvidedStub('run query')),
    cancelQuery: fromPromise<{ cancelled: boolean }, { runId: string }>(notProvidedStub('cancel query')),
  },
  guards: {
    destructive: ({ event }) => event.type === 'run.start' && destructiveReasons(event.request.sql).length > 0,
    hasResult: ({ context }) => context.result !== null,
    hasError: ({ context }) => context.error !== null,
    /** The platform did not find the run, and it may be asked again. */
    runNotSeen: ({ context }, params: { answer: { cancelled: boolean } }) =>
      params.answer.cancelled === false && context.cancelAttempts < SQL_CANCEL_ATTEMPTS,
  },
  delays: { cancelRetry: SQL_CANCEL_RETRY_MS },
  actions: {
    ask: assign(({ event }) => {
      assertEvent(event, 'run.start');
      const { request, startedAt, source } = event;
      return { pending: { request, startedAt: startedAt ?? null, reasons: destructiveReasons(request.sql), source: source ?? null } };
    }),
    take: assign(({ event }) => {
      assertEvent(event, 'run.start');
      return { request: event.request, startedAt: event.startedAt ?? null, source: event.source ?? null };
    }),
    takePending: assign(({ context }) => ({
      request: context.pending!.request,
      startedAt: context.pending!.startedAt,
      source: context.pending!.source,
      pending: null,
    })),
  },
}).createMachine({
  id: 'sqlRun',
  context: { request: null, result: null, error: null, cancelRequested: false, cancelAttempts: 0, startedAt: null, pending: null, source: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'run.start': [
          { guard: 'destructive', target: 'confirming', actions: 'ask' },
          { target: 'running', actions: 'take' },
        ],
      },
    },
    /** spec-less safeguard (issue 14 item 6): the view shows the question; only its answer leaves. */
    confirming: {
      on: {
        'run.confirm': { target: 'running', actions: 'takePending' },
        'run.dismiss': [
          { guard: 'hasResult', target: 'succeeded', actions: assign({ pending: null }) },
          { guard: 'hasError', target: 'failed', actions: assign({ pending: null }) },
          { target: 'idle', actions: assign({ pending: null }) },
        ],
      },
    },
    running: {
      tags: ['busy'],
      entry: assign({ result: null, error: null, cancelRequested: false, cancelAttempts: 0 }),
      invoke: {
        id: 'runQuery',
        src: 'runQuery',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'succeeded',
          actions: [assign(({ event }) => ({ result: event.output, startedAt: null })), emit({ type: 'run.finished', ok: true })],
        },
        onError: {
          target: 'failed',
          actions: [assign(({ event }) => ({ error: asRunError(event.error), startedAt: null })), emit({ type: 'run.finished', ok: false })],
        },
      },
      initial: 'executing',
      states: {
        executing: {
          on: { 'run.cancel': { target: 'cancelling', actions: assign({ cancelRequested: true }) } },
        },
        cancelling: {
          // The run's own answer ends the state. A cancel that did not find the run is asked again (the run may not
          // have reached the platform yet); a failed cancel, or one past SQL_CANCEL_ATTEMPTS, waits for that answer.
          entry: assign({ cancelAttempts: ({ context }) => context.cancelAttempts + 1 }),
          invoke: {
            id: 'cancelQuery',
            src: 'cancelQuery',
            input: ({ context }) => ({ runId: context.request!.runId }),
            onDone: { guard: { type: 'runNotSeen', params: ({ event }) => ({ answer: event.output }) }, target: 'cancelPending' },
          },
        },
        cancelPending: {
          after: { cancelRetry: 'cancelling' },
        },
      },
    },
    succeeded: {
      on: {
        'run.start': [
          { guard: 'destructive', target: 'confirming', actions: 'ask' },
          { target: 'running', actions: 'take' },
        ],
        'run.clear': { target: 'idle', actions: assign({ result: null, error: null, request: null, source: null }) },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'run.start': [
          { guard: 'destructive', target: 'confirming', actions: 'ask' },
          { target: 'running', actions: 'take' },
        ],
        'run.clear': { target: 'idle', actions: assign({ result: null, error: null, request: null, source: null }) },
      },
    },
  },
});
