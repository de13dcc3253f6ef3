// Request schemas of the project routes (spec A7 "Project lifecycle").
import { z } from 'zod';
import { DB_PASSWORD_MIN_LENGTH } from '../../domain/password-strength.ts';
import { displayNameSchema, orgSlugSchema, storableString } from './platformFields.ts';

// spec A3 Project.cloud_provider: a cloud provider, its Kubernetes and NIMBUS variants, and FLY.
export const CLOUD_PROVIDERS = ['AWS', 'AWS_K8S', 'AWS_NIMBUS', 'FLY'] as const;

// The one minimum, shared with the console's password meter.
export { DB_PASSWORD_MIN_LENGTH };

export const createProjectBody = z.object({
  organization_slug: orgSlugSchema,
  name: displayNameSchema(64),
  db_pass: storableString(1024).min(DB_PASSWORD_MIN_LENGTH, {
    error: `must be at least ${DB_PASSWORD_MIN_LENGTH} characters`,
  }),
  db_region: storableString(128).trim().min(1),
  cloud_provider: z.enum(CLOUD_PROVIDERS).optional(),
  // spec A3 Postgres version: postgres_engine e.g. '15'; the selection value is engine|channel.
  postgres_engine: storableString(32).optional(),
  release_channel: storableString(32).optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

// PATCH /platform/projects/{ref}: renaming; the name follows the same rule as at creation (spec A2.2 new project).
export const updateProjectBody = z.object({ name: displayNameSchema(64) });
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;
