// Plain selectors of the delete-project modal actor.
import type { SnapshotFrom } from 'xstate';
import { CONFIRMATION_MISMATCH_ERROR } from '../src/domain/confirm.ts';
import { nameMatches, surveyRequired, type DeleteProjectMachine } from './delete-project.machine.ts';

export type DeleteProjectSnapshot = SnapshotFrom<DeleteProjectMachine>;

export const selectTyped = (s: DeleteProjectSnapshot): string => s.context.typed;
export const selectReasons = (s: DeleteProjectSnapshot): string[] => s.context.reasons;
export const selectFeedback = (s: DeleteProjectSnapshot): string => s.context.feedback;
export const selectNameMatches = (s: DeleteProjectSnapshot): boolean => nameMatches(s.context);
/** spec A5 'Value entered does not match' while something that does not match is typed: why confirm stays disabled. */
export const selectNameMismatch = (s: DeleteProjectSnapshot): string | null =>
  s.context.typed !== '' && !nameMatches(s.context) ? CONFIRMATION_MISMATCH_ERROR : null;
export const selectShowsSurvey = (s: DeleteProjectSnapshot): boolean => surveyRequired(s.context);
export const selectIsDeleting = (s: DeleteProjectSnapshot): boolean => s.hasTag('busy');
export const selectIsDeleted = (s: DeleteProjectSnapshot): boolean => s.matches('deleted');
export const selectDeleteError = (s: DeleteProjectSnapshot): string | null => s.context.error;
export const selectValidation = (s: DeleteProjectSnapshot): string | null => s.context.validation;
