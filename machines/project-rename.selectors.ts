// Plain selectors of the project rename actor.
import type { SnapshotFrom } from 'xstate';
import type { ProjectRenameMachine } from './project-rename.machine.ts';

export type ProjectRenameSnapshot = SnapshotFrom<ProjectRenameMachine>;

export const selectRenameName = (s: ProjectRenameSnapshot): string => s.context.name;
export const selectRenameError = (s: ProjectRenameSnapshot): string | null => s.context.error;
export const selectIsRenaming = (s: ProjectRenameSnapshot): boolean => s.matches('renaming');
export const selectJustRenamed = (s: ProjectRenameSnapshot): boolean => s.matches({ idle: 'saved' });
/** Nothing to save: the field holds the saved name. */
export const selectRenameUnchanged = (s: ProjectRenameSnapshot): boolean => s.context.name.trim() === s.context.savedName;
