// Selectors of the merge-request machine (spec A4.4): what the merge page draws.
import type { SnapshotFrom } from 'xstate';
import type { MergeConflict, MergeMigration, MergePlan } from '../src/domain/branches/merge.ts';
import type { MergeRequestMachine } from './merge-request.machine.ts';

type Snapshot = SnapshotFrom<MergeRequestMachine>;
const NONE: never[] = [];

export const selectLoading = (s: Snapshot): boolean => s.matches('loading');
export const selectLoadError = (s: Snapshot): string | null => (s.matches('loadFailed') ? s.context.loadError : null);
export const selectPlan = (s: Snapshot): MergePlan | null => s.context.plan;
export const selectMigrations = (s: Snapshot): MergeMigration[] => s.context.plan?.migrations ?? NONE;
export const selectConflicts = (s: Snapshot): MergeConflict[] => s.context.plan?.conflicts ?? NONE;
export const selectCanMerge = (s: Snapshot): boolean => (s.matches('ready') || s.matches('failed')) && (s.context.plan?.migrations.length ?? 0) > 0 && (s.context.plan?.conflicts.length ?? 0) === 0;
export const selectMerging = (s: Snapshot): boolean => s.matches('merging');
export const selectMerged = (s: Snapshot): string[] | null => (s.matches('merged') ? s.context.applied : null);
export const selectClosing = (s: Snapshot): boolean => s.matches('closing');
export const selectDeleting = (s: Snapshot): boolean => s.matches('deleting');
export const selectBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectError = (s: Snapshot): string | null => (s.matches('failed') ? s.context.error : null);
