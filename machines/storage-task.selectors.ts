// Selectors of a storage form's submission.
import type { SnapshotFrom } from 'xstate';
import type { StorageTaskMachine } from './storage-task.machine.ts';

type Snapshot = SnapshotFrom<StorageTaskMachine>;
export const selectSubmitting = (s: Snapshot): boolean => s.hasTag('busy');
export const selectTaskError = (s: Snapshot): string | null => (s.hasTag('error') ? s.context.error : null);
export const selectSucceeded = (s: Snapshot): boolean => s.matches('succeeded');
export const selectTaskOutput = (s: Snapshot): unknown => (s.matches('succeeded') ? s.context.output : null);
