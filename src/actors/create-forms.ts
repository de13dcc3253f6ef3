// Real effects of the new-organization and new-project forms (spec A2.2 /new, /new/{orgSlug}; A7).
import { fromPromise } from 'xstate';
import { createOrganizationMachine, type CreateOrganizationRequest, type CreatedOrganization } from '../../machines/create-organization.machine.ts';
import { createProjectMachine, type CreatedProject, type LoadVersionsInput, type SubmitProjectInput } from '../../machines/create-project.machine.ts';
import { createOrganization, fetchAvailableVersions } from '../api/organization-admin.ts';
import { createProject } from '../api/project-create.ts';
import { createProjectRequest } from '../domain/new-project.ts';
import type { AvailableVersion } from '../domain/postgres-versions.ts';

export const createOrganizationWithPlatform = createOrganizationMachine.provide({
  actors: {
    createOrganization: fromPromise<CreatedOrganization, CreateOrganizationRequest>(async ({ input }) => {
      const organization = await createOrganization({ name: input.name, plan: input.plan });
      return { slug: organization.slug };
    }),
  },
});

export const createProjectWithPlatform = createProjectMachine.provide({
  actors: {
    loadVersions: fromPromise<AvailableVersion[], LoadVersionsInput>(({ input }) =>
      fetchAvailableVersions(input.organizationSlug, { provider: input.provider, region: input.region }),
    ),
    createProject: fromPromise<CreatedProject, SubmitProjectInput>(async ({ input }) => {
      const project = await createProject(createProjectRequest(input.organizationSlug, input.fields));
      return { ref: project.ref };
    }),
  },
});
