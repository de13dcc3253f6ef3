// HTTP of branches (issue 20, spec B7 "Preview branch creation", server/branches/routes.ts).
import { api } from './client.ts';
import type { Branch } from '../domain/branches/branches.ts';
import type { DiskAttributes } from '../domain/disk.ts';
import type { CreateBranchBody, UpdateBranchBody } from './schemas/branches.ts';

const v1Project = (ref: string) => `v1/projects/${encodeURIComponent(ref)}`;
const platformProject = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;

/** The family `ref` belongs to: the default branch first, then newest first ([] while branching is off). */
export const fetchBranches = (ref: string) => api.get(`${v1Project(ref)}/branches`).json<Branch[]>();

export const postBranch = (ref: string, body: CreateBranchBody) => api.post(`${v1Project(ref)}/branches`, { json: body }).json<Branch>();

export const deleteBranch = (idOrRef: string) => api.delete(`v1/branches/${encodeURIComponent(idOrRef)}`).json<{ message: string }>();

export interface SelectedAddon {
  type: string;
  variant: { identifier: string };
}

export const fetchAddons = (ref: string) => api.get(`${platformProject(ref)}/billing/addons`).json<{ selected_addons: SelectedAddon[] }>();

export const fetchDisk = (ref: string) =>
  api.get(`${platformProject(ref)}/disk`).json<{ attributes: DiskAttributes; last_modified_at: string | null }>();

export const fetchDatabaseSize = (ref: string) => api.get(`${platformProject(ref)}/database/size`).json<{ bytes: number }>();

import type { MergePlan } from '../domain/branches/merge.ts';

export type { MergeMigration, MergePlan } from '../domain/branches/merge.ts';

export const fetchMergePlan = (branchRef: string) => api.get(`v1/branches/${encodeURIComponent(branchRef)}/merge`).json<MergePlan>();

export const postMerge = (branchRef: string) => api.post(`v1/branches/${encodeURIComponent(branchRef)}/merge`).json<{ applied: string[] }>();

export const patchBranch = (idOrRef: string, body: UpdateBranchBody) => api.patch(`v1/branches/${encodeURIComponent(idOrRef)}`, { json: body }).json<Branch>();
