import { api } from './client.ts';
import type { Organization } from './types.ts';
import type { CreateOrganizationBody, UpdateOrganizationBody } from './schemas/organizations.ts';
import type { AvailableVersion } from '../domain/postgres-versions.ts';

// Creating, renaming and deleting organizations, and the Postgres versions they may use (spec A7).
const orgPath = (slug: string) => `platform/organizations/${encodeURIComponent(slug)}`;

export const createOrganization = (body: CreateOrganizationBody) =>
  api.post('platform/organizations', { json: body }).json<Organization>();

export const updateOrganization = (slug: string, body: UpdateOrganizationBody) =>
  api.patch(orgPath(slug), { json: body }).json<Organization>();

export const deleteOrganization = (slug: string) => api.delete(orgPath(slug)).json<Organization>();

/** spec A7: POST /platform/organizations/{slug}/available-versions {provider, region} → available_versions. */
export const fetchAvailableVersions = (slug: string, body: { provider: string; region: string }) =>
  api
    .post(`${orgPath(slug)}/available-versions`, { json: body })
    .json<{ available_versions: AvailableVersion[] }>()
    .then((reply) => reply.available_versions ?? []);
