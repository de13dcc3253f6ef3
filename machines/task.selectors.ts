// Selectors of a task (machines/task.machine.ts): views read these, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import type { taskMachine } from './task.machine.ts';

type Snapshot = SnapshotFrom<typeof taskMachine>;

export const selectTaskRunning = (s: Snapshot): boolean => s.hasTag('busy');
/** The failure's message, while failed (a new run clears it). */
export const selectTaskError = (s: Snapshot): string | null => (s.hasTag('error') ? s.context.error : null);
export const selectTaskDone = (s: Snapshot): boolean => s.matches('done');
/** The last run's output, once done (e.g. a signed URL); null otherwise. */
export const selectTaskOutput = (s: Snapshot): unknown => (s.matches('done') ? s.context.output : null);
