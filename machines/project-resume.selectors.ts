// Plain selectors of the paused card / resume dialog actor.
import type { SnapshotFrom } from 'xstate';
import type { ProjectResumeMachine } from './project-resume.machine.ts';

export type ProjectResumeSnapshot = SnapshotFrom<ProjectResumeMachine>;

export const selectPauseStatus = (s: ProjectResumeSnapshot) => s.context.pauseStatus;
export const selectIsLoadingPauseStatus = (s: ProjectResumeSnapshot): boolean => s.matches('loadingPauseStatus');
export const selectPauseStatusFailed = (s: ProjectResumeSnapshot): boolean => s.matches('pauseStatusFailed');
/** The confirm dialog is open while choosing, loading versions, checking members and restoring. */
export const selectIsDialogOpen = (s: ProjectResumeSnapshot): boolean =>
  s.matches({ ready: 'confirming' }) || s.matches({ ready: 'checkingMembers' }) || s.matches({ ready: 'restoring' });
export const selectIsLoadingVersions = (s: ProjectResumeSnapshot): boolean => s.matches({ ready: { confirming: 'loadingVersions' } });
export const selectIsResuming = (s: ProjectResumeSnapshot): boolean =>
  s.matches({ ready: 'checkingMembers' }) || s.matches({ ready: 'restoring' }) || s.matches({ ready: 'restored' });
export const selectVersion = (s: ProjectResumeSnapshot): string => s.context.version;
/** The offered versions; views build their options with resumeVersionOptions (memoised). */
export const selectVersions = (s: ProjectResumeSnapshot) => s.context.versions;
export const selectMembersExceeded = (s: ProjectResumeSnapshot) =>
  s.matches({ ready: 'membersExceeded' }) ? s.context.membersAtLimit : null;
