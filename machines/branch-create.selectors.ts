// Selectors of the branch-create machine (spec B2.8): what the create dialog draws.
import type { SnapshotFrom } from 'xstate';
import { branchNameProblem } from '../src/domain/branches/branches.ts';
import type { BranchCreateMachine } from './branch-create.machine.ts';

type Snapshot = SnapshotFrom<BranchCreateMachine>;

export const selectLoading = (s: Snapshot): boolean => s.matches('loading');
export const selectLoadError = (s: Snapshot): string | null => (s.matches('loadFailed') ? s.context.loadError : null);
export const selectName = (s: Snapshot): string => s.context.name;
/** B5's name problem, once the name was edited or a submit tried. */
export const selectNameProblem = (s: Snapshot): string | null => (s.context.touched ? branchNameProblem(s.context.name, s.context.existingNames) : null);
export const selectPitr = (s: Snapshot): boolean => s.context.pitr === true;
export const selectWithData = (s: Snapshot): boolean => s.context.withData;
export const selectEstimating = (s: Snapshot): boolean => s.matches('estimating');
/** The estimate's sources while 'with data' is on and read; null otherwise. */
export const selectEstimate = (s: Snapshot) => (s.context.withData && !s.matches('estimating') ? s.context.estimate : null);
export const selectSubmitting = (s: Snapshot): boolean => s.matches('submitting');
/** The platform is copying the parent's database into the new branch. */
export const selectCopying = (s: Snapshot): boolean => s.matches('creating');
export const selectBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectError = (s: Snapshot): string | null => s.context.error;
/** The form can be sent (the name's problem shows on submit). */
export const selectCanSubmit = (s: Snapshot): boolean => (s.matches('form') || s.matches('estimating')) && s.context.blockedReason === null;
