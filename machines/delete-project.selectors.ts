// Plain selectors of the delete-project modal actor.
import type { SnapshotFrom } from 'xstate';
import { nameMatches, surveyRequired, type DeleteProjectMachine } from './delete-project.machine.ts';

export type DeleteProjectSnapshot = SnapshotFrom<DeleteProjectMachine>;

export const selectTyped = (s: DeleteProjectSnapshot): string => s.context.typed;
export const selectReasons = (s: DeleteProjectSnapshot): string[] => s.context.reasons;
export const selectFeedback = (s: DeleteProjectSnapshot): string => s.context.feedback;
export const selectNameMatches = (s: DeleteProjectSnapshot): boolean => nameMatches(s.context);
export const selectShowsSurvey = (s: DeleteProjectSnapshot): boolean => surveyRequired(s.context);
export const selectIsDeleting = (s: DeleteProjectSnapshot): boolean => s.hasTag('busy');
export const selectIsDeleted = (s: DeleteProjectSnapshot): boolean => s.matches('deleted');
export const selectDeleteError = (s: DeleteProjectSnapshot): string | null => s.context.error;
export const selectValidation = (s: DeleteProjectSnapshot): string | null => s.context.validation;
