// Selectors of the SQL editor's run machine (views read these, never the whole snapshot).
import type { SnapshotFrom } from 'xstate';
import { errorRange } from '../src/domain/sql-editor.ts';
import { countStatements } from '../src/domain/sql-statements.ts';
import { QUERY_CANCELED, type sqlRunMachine } from './sql-run.machine.ts';

type Snapshot = SnapshotFrom<typeof sqlRunMachine>;

export const selectRunning = (snapshot: Snapshot) => snapshot.hasTag('busy');
/** A cancel was asked and the run has not answered yet (also between two asks of a run the platform had not seen). */
export const selectCancelling = (snapshot: Snapshot) => snapshot.matches({ running: 'cancelling' }) || snapshot.matches({ running: 'cancelPending' });
export const selectResult = (snapshot: Snapshot) => (snapshot.matches('succeeded') ? snapshot.context.result : null);
export const selectRunError = (snapshot: Snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null);
/** The run ended because the user cancelled it (not because the SQL failed). */
export const selectWasCancelled = (snapshot: Snapshot) =>
  snapshot.matches('failed') && snapshot.context.error?.code === QUERY_CANCELED;
/** When the current run started (the sender's clock), for the elapsed time while it runs; null otherwise. */
export const selectStartedAt = (snapshot: Snapshot) => (snapshot.hasTag('busy') ? snapshot.context.startedAt : null);
/** How many statements the running request sends (issue 14: shown beside the elapsed time); null when none runs. */
export const selectStatementCount = (snapshot: Snapshot) =>
  snapshot.hasTag('busy') && snapshot.context.request ? countStatements(snapshot.context.request.sql) : null;
/** The destructive run waiting for an answer: its SQL and what makes it destructive. */
export const selectConfirmation = (snapshot: Snapshot) =>
  snapshot.matches('confirming') && snapshot.context.pending
    ? { sql: snapshot.context.pending.request.sql, reasons: snapshot.context.pending.reasons }
    : null;
/** The last started run was an EXPLAIN (the results panel reads its plan). */
export const selectRanExplain = (snapshot: Snapshot) => snapshot.context.source?.explain ?? false;
/**
 * Where the failed run's error is in the editor's current text (spec B2.2: the error position is marked), with its
 * message; null for an EXPLAIN (its positions count from the added prefix), a cancel, no position, or a text changed
 * since the run started.
 */
export function selectErrorMark(snapshot: Snapshot, editorText: string): { from: number; to: number; message: string } | null {
  const error = selectRunError(snapshot);
  const source = snapshot.context.source;
  if (!error?.position || !source || source.explain || source.text !== editorText || selectWasCancelled(snapshot)) return null;
  const range = errorRange(editorText, source.offset, error.position);
  return range ? { ...range, message: error.message } : null;
}
