// Request schemas of the organization routes (spec A7 "Organizations and projects").
import { z } from 'zod';
import {
  commaList,
  displayNameSchema,
  optionalQuery,
  planIdSchema,
  projectRefSchema,
  projectStatusSchema,
  storableString,
} from './platformFields.ts';

export const createOrganizationBody = z.object({
  name: displayNameSchema(256),
  plan: planIdSchema.optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>;

export const updateOrganizationBody = z
  .object({
    name: displayNameSchema(256).optional(),
    plan: planIdSchema.optional(),
    organization_requires_mfa: z.boolean().optional(),
    usage_billing_enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'must change at least one of name, plan, organization_requires_mfa, usage_billing_enabled',
  });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

// spec A9: project list page size 96, default sort name_asc.
export const PROJECT_SORTS = ['name_asc', 'name_desc', 'created_asc', 'created_desc'] as const;
export const PROJECT_PAGE_SIZE = 96;

export const projectListQuery = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(1000)).default(PROJECT_PAGE_SIZE),
  offset: optionalQuery(z.coerce.number().int().min(0).max(1_000_000_000)).default(0),
  sort: optionalQuery(z.enum(PROJECT_SORTS)).default('name_asc'),
  search: optionalQuery(storableString(256)),
  statuses: optionalQuery(commaList(projectStatusSchema)),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

const isoDate = storableString(64).refine((value) => !Number.isNaN(Date.parse(value)), {
  error: 'must be an ISO date',
});

export const usageQuery = z.object({
  project_ref: optionalQuery(projectRefSchema),
  start: optionalQuery(isoDate),
  end: optionalQuery(isoDate),
});

export const availableVersionsBody = z.object({
  provider: storableString(64).trim().min(1),
  region: storableString(128).trim().min(1),
});
