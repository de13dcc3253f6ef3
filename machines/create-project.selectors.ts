// Plain selectors of the new-project form actor.
import type { SnapshotFrom } from 'xstate';
import type { CreateProjectMachine } from './create-project.machine.ts';
import type { NewProjectErrors, NewProjectFields } from '../src/domain/new-project.ts';
import type { AvailableVersion } from '../src/domain/postgres-versions.ts';

export type CreateProjectSnapshot = SnapshotFrom<CreateProjectMachine>;

export const selectFields = (s: CreateProjectSnapshot): NewProjectFields => ({
  name: s.context.name,
  password: s.context.password,
  region: s.context.region,
  version: s.context.version,
});
export const selectName = (s: CreateProjectSnapshot): string => s.context.name;
export const selectPassword = (s: CreateProjectSnapshot): string => s.context.password;
export const selectRegion = (s: CreateProjectSnapshot): string => s.context.region;
export const selectVersion = (s: CreateProjectSnapshot): string => s.context.version;
export const selectVersions = (s: CreateProjectSnapshot): AvailableVersion[] => s.context.versions;
export const selectVersionsError = (s: CreateProjectSnapshot): string | null => s.context.versionsError;
export const selectIsLoadingVersions = (s: CreateProjectSnapshot): boolean => s.matches('loadingVersions');
export const selectFieldErrors = (s: CreateProjectSnapshot): NewProjectErrors => s.context.fieldErrors;
export const selectError = (s: CreateProjectSnapshot): string | null => s.context.error;
export const selectIsSubmitting = (s: CreateProjectSnapshot): boolean => s.matches('submitting');
/** The project to open (/project/{ref}) once it exists. */
export const selectCreatedRef = (s: CreateProjectSnapshot): string | null => (s.status === 'done' ? s.context.ref : null);
