// One run of the SQL editor (issue 7, spec B2.2 "Running a query"): idle → running → succeeded | failed, with a
// cancel that asks the platform to cancel the run by its id (pg_cancel_backend) while the run itself keeps waiting
// for its answer — the answer of a cancelled run is Postgres's "canceling statement due to user request".
// The run id comes with the event (views make it), so the machine stays pure.
import { assign, fromPromise, setup } from 'xstate';

export interface SqlRunRequest {
  runId: string;
  sql: string;
  /** Opaque to the machine: the impersonation the run applies (spec B2.7). */
  impersonation?: unknown;
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
}

export interface SqlRunContext {
  request: SqlRunRequest | null;
  result: SqlRunResult | null;
  error: SqlRunError | null;
  cancelRequested: boolean;
}

export interface RunStartEvent { type: 'run.start'; request: SqlRunRequest }
export interface RunCancelEvent { type: 'run.cancel' }
export interface RunClearEvent { type: 'run.clear' }
export type SqlRunEvent = RunStartEvent | RunCancelEvent | RunClearEvent;

const notProvided = (what: string) => (): never => {
  throw new Error(`the '${what}' actor is not provided`);
};

/** Postgres's query_canceled. */
export const QUERY_CANCELED = '57014';

/** Anything thrown by the run actor, as the view shows it. */
export function toRunError(error: unknown): SqlRunError {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const body = (typeof record.body === 'object' && record.body !== null ? record.body : {}) as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message !== '' ? record.message : String(error);
  return {
    message,
    position: typeof body.position === 'number' ? body.position : null,
    formattedError: typeof body.formattedError === 'string' ? body.formattedError : null,
    code: typeof body.code === 'string' ? body.code : null,
  };
}

export const sqlRunMachine = setup({
  types: {} as { context: SqlRunContext; events: SqlRunEvent; tags: 'busy' | 'error' },
  actors: {
    runQuery: fromPromise<SqlRunResult, SqlRunRequest>(notProvided('run query')),
    cancelQuery: fromPromise<unknown, { runId: string }>(notProvided('cancel query')),
  },
}).createMachine({
  id: 'sqlRun',
  context: { request: null, result: null, error: null, cancelRequested: false },
  initial: 'idle',
  states: {
    idle: {
      on: { 'run.start': { target: 'running', actions: assign(({ event }) => ({ request: event.request })) } },
    },
    running: {
      tags: ['busy'],
      entry: assign({ result: null, error: null, cancelRequested: false }),
      invoke: {
        id: 'runQuery',
        src: 'runQuery',
        input: ({ context }) => context.request!,
        onDone: { target: 'succeeded', actions: assign(({ event }) => ({ result: event.output })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toRunError(event.error) })) },
      },
      initial: 'executing',
      states: {
        executing: {
          on: { 'run.cancel': { target: 'cancelling', actions: assign({ cancelRequested: true }) } },
        },
        cancelling: {
          // The run's own answer ends the state; a failed cancel only means the run finished first.
          invoke: { id: 'cancelQuery', src: 'cancelQuery', input: ({ context }) => ({ runId: context.request!.runId }) },
        },
      },
    },
    succeeded: {
      on: {
        'run.start': { target: 'running', actions: assign(({ event }) => ({ request: event.request })) },
        'run.clear': { target: 'idle', actions: assign({ result: null, error: null, request: null }) },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'run.start': { target: 'running', actions: assign(({ event }) => ({ request: event.request })) },
        'run.clear': { target: 'idle', actions: assign({ result: null, error: null, request: null }) },
      },
    },
  },
});
