// Request schemas of the disk and add-on calls (issue 20, spec B7 "Disk", "Preview branch creation" add-ons read).
// The limits themselves are checked by diskAttributesProblem (src/domain/disk.ts), with the spec's wording.
import { z } from 'zod';

// spec B7: POST /platform/projects/{ref}/disk — body {attributes: {iops, throughput_mbps (gp3 only), size_gb, type}}.
export const updateDiskBody = z.object({
  attributes: z.object({
    type: z.enum(['gp3', 'io2']),
    size_gb: z.number().int(),
    iops: z.number().int(),
    throughput_mbps: z.number().int().nullable().optional(),
  }),
});
export type UpdateDiskBody = z.infer<typeof updateDiskBody>;

// POST /platform/projects/{ref}/billing/addons — selects (or changes the variant of) an add-on.
export const selectAddonBody = z.object({
  addon_type: z.enum(['pitr', 'ipv4', 'custom_domain']),
  addon_variant: z.string().min(1).max(64),
});
export type SelectAddonBody = z.infer<typeof selectAddonBody>;
