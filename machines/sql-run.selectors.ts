// Selectors of the SQL editor's run machine (views read these, never the whole snapshot).
import type { SnapshotFrom } from 'xstate';
import { QUERY_CANCELED, type sqlRunMachine } from './sql-run.machine.ts';

type Snapshot = SnapshotFrom<typeof sqlRunMachine>;

export const selectRunning = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectCancelling = (snapshot: Snapshot) => snapshot.matches({ running: 'cancelling' });
export const selectResult = (snapshot: Snapshot) => (snapshot.matches('succeeded') ? snapshot.context.result : null);
export const selectRunError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
/** The run ended because the user cancelled it (not because the SQL failed). */
export const selectWasCancelled = (snapshot: Snapshot) =>
  snapshot.matches('failed') && snapshot.context.error?.code === QUERY_CANCELED;
/** When the current run started (the sender's clock), for the elapsed time while it runs; null otherwise. */
export const selectStartedAt = (snapshot: Snapshot) => (snapshot.hasTag('busy') ? snapshot.context.startedAt : null);
/** The destructive run waiting for an answer: its SQL and what makes it destructive. */
export const selectConfirmation = (snapshot: Snapshot) =>
  snapshot.matches('confirming') && snapshot.context.pending
    ? { sql: snapshot.context.pending.request.sql, reasons: snapshot.context.pending.reasons }
    : null;
