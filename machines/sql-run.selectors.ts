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
