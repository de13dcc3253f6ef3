// Plain selectors of the organization settings actor.
import type { SnapshotFrom } from 'xstate';
import type { OrganizationSettingsMachine } from './organization-settings.machine.ts';

export type OrganizationSettingsSnapshot = SnapshotFrom<OrganizationSettingsMachine>;

export const selectName = (s: OrganizationSettingsSnapshot): string => s.context.name;
export const selectSavedName = (s: OrganizationSettingsSnapshot): string => s.context.savedName;
export const selectRenameError = (s: OrganizationSettingsSnapshot): string | null => s.context.renameError;
export const selectDeleteError = (s: OrganizationSettingsSnapshot): string | null => s.context.deleteError;
export const selectIsRenaming = (s: OrganizationSettingsSnapshot): boolean => s.matches('renaming');
export const selectIsDeleting = (s: OrganizationSettingsSnapshot): boolean => s.matches('deleting');
export const selectJustSaved = (s: OrganizationSettingsSnapshot): boolean => s.matches({ idle: 'saved' });
export const selectIsDeleted = (s: OrganizationSettingsSnapshot): boolean => s.status === 'done';
/** Nothing to save: the field holds the saved name. */
export const selectIsUnchanged = (s: OrganizationSettingsSnapshot): boolean => s.context.name.trim() === s.context.savedName;
