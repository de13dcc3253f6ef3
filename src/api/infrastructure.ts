// HTTP of compute and disk, add-ons and infrastructure (issue 20, spec B7, server/infrastructure/routes.ts). The disk
// and add-on reads are those of the branch dialog (src/api/branches.ts: fetchDisk, fetchAddons).
import { api } from './client.ts';
import type { DiskAttributes } from '../domain/disk.ts';
import type { InfrastructureFigures } from '../domain/infrastructure.ts';
import type { SelectAddonBody } from './schemas/infrastructure.ts';

const platformProject = (ref: string) => `platform/projects/${encodeURIComponent(ref)}`;

export interface DiskResponse {
  attributes: DiskAttributes;
  last_modified_at: string | null;
}

/** spec B7: POST /platform/projects/{ref}/disk — body {attributes: {iops, throughput_mbps (gp3 only), size_gb, type}}. */
export const postDisk = (ref: string, attributes: DiskAttributes) => api.post(`${platformProject(ref)}/disk`, { json: { attributes } }).json<DiskResponse>();

export const postAddon = (ref: string, body: SelectAddonBody) => api.post(`${platformProject(ref)}/billing/addons`, { json: body }).json<unknown>();

export const deleteAddon = (ref: string, variant: string) =>
  api.delete(`${platformProject(ref)}/billing/addons/${encodeURIComponent(variant)}`).json<{ message: string }>();

export const fetchInfrastructure = (ref: string) => api.get(`${platformProject(ref)}/infrastructure`).json<InfrastructureFigures>();
