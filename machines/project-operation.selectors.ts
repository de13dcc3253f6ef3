// Plain selectors of the project operation actor.
import type { SnapshotFrom } from 'xstate';
import type { OperationKind, OperationRequest } from '../src/domain/project-lifecycle.ts';
import type { ProjectOperationMachine } from './project-operation.machine.ts';

export type ProjectOperationSnapshot = SnapshotFrom<ProjectOperationMachine>;

/** The operation whose confirm dialog is open (or that runs from it), else null. */
export const selectIsConfirmOpen = (s: ProjectOperationSnapshot): boolean =>
  s.matches('confirming') || (s.matches('running') && s.context.viaDialog);
export const selectConfirming = (s: ProjectOperationSnapshot): OperationRequest | null => (selectIsConfirmOpen(s) ? s.context.request : null);
export const selectRunningKind = (s: ProjectOperationSnapshot): OperationKind | null => (s.matches('running') ? (s.context.request?.kind ?? null) : null);
export const selectIsIdle = (s: ProjectOperationSnapshot): boolean => s.matches('idle');
export const selectOperationError = (s: ProjectOperationSnapshot): string | null => (s.matches({ idle: 'failed' }) ? s.context.error : null);
