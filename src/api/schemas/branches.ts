// Request schema of POST /v1/projects/{ref}/branches (spec B7 "Preview branch creation").
import { z } from 'zod';
import { storableString } from './platformFields.ts';

export const createBranchBody = z.object({
  is_default: z.boolean().optional(),
  branch_name: storableString(200),
  git_branch: storableString(255).optional(),
  region: storableString(128).optional(),
  with_data: z.boolean().optional(),
  desired_instance_size: storableString(64).optional(),
  persistent: z.boolean().optional(),
});
export type CreateBranchBody = z.infer<typeof createBranchBody>;

// PATCH /v1/branches/{id} (spec A3 Branch update payload; A4.4 'Open merge request' sends request_review).
export const updateBranchBody = z.object({
  branch_name: storableString(200).optional(),
  git_branch: storableString(255).nullable().optional(),
  persistent: z.boolean().optional(),
  request_review: z.boolean().optional(),
});
export type UpdateBranchBody = z.infer<typeof updateBranchBody>;
