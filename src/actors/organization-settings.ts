// Real effects of the organization settings page (spec A2.2 /org/{slug}/general, A7).
import { fromPromise } from 'xstate';
import {
  organizationSettingsMachine,
  type DeleteOrganizationInput,
  type RenameOrganizationInput,
} from '../../machines/organization-settings.machine.ts';
import { deleteOrganization, updateOrganization } from '../api/organization-admin.ts';

export const organizationSettingsWithPlatform = organizationSettingsMachine.provide({
  actors: {
    renameOrganization: fromPromise<{ name: string }, RenameOrganizationInput>(async ({ input }) => {
      const organization = await updateOrganization(input.slug, { name: input.name });
      return { name: organization.name };
    }),
    deleteOrganization: fromPromise<void, DeleteOrganizationInput>(async ({ input }) => {
      await deleteOrganization(input.slug);
    }),
  },
});
