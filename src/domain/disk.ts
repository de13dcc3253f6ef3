// Disk types, prices and what plans include (spec B9 "Disk types", "Disk rules"): the one place of these constants.

export type DiskType = 'gp3' | 'io2';

/** spec A3 / B7 GET /platform/projects/{ref}/disk: the disk's attributes (throughput for gp3 only). */
export interface DiskAttributes {
  type: DiskType;
  size_gb: number;
  iops: number;
  throughput_mbps?: number | null;
}

/** spec B9: $ per month. */
export const DISK_PRICES: Readonly<Record<DiskType, { perGb: number; perIops: number; perMbps: number }>> = {
  gp3: { perGb: 0.125, perIops: 0.024, perMbps: 0.095 },
  io2: { perGb: 0.195, perIops: 0.119, perMbps: 0 },
};

/** spec B9: gp3 includes 3000 IOPS and 125 MBps; io2 includes nothing. */
export const DISK_TYPE_INCLUDED: Readonly<Record<DiskType, { iops: number; mbps: number }>> = {
  gp3: { iops: 3000, mbps: 125 },
  io2: { iops: 0, mbps: 0 },
};

/** spec B9 "Included disk": free plan 1 GB gp3; pro, team and enterprise 8 GB gp3. */
export const PLAN_INCLUDED_DISK_GB = { free: 1, pro: 8, team: 8, enterprise: 8 } as const;

/** spec B9: 'General Purpose SSD' / 'High Performance SSD'. */
export const DISK_TYPE_LABELS: Readonly<Record<DiskType, string>> = { gp3: 'General Purpose SSD', io2: 'High Performance SSD' };

// ─── limits and the change cooldown (spec B5 "Disk attributes", B9 "Disk types", "Max IOPS per compute", B4) ────────

interface Range {
  min: number;
  max: number;
}

/** spec B9: storage, IOPS and throughput limits per disk type (throughput: gp3 only). */
export const DISK_LIMITS: Readonly<Record<DiskType, { sizeGb: Range; iops: Range; throughputMbps: Range | null }>> = {
  gp3: { sizeGb: { min: 1, max: 16384 }, iops: { min: 3000, max: 16000 }, throughputMbps: { min: 125, max: 1000 } },
  io2: { sizeGb: { min: 4, max: 61440 }, iops: { min: 1500, max: 256000 }, throughputMbps: null },
};

/** spec B9 "Max IOPS per compute", keyed by the compute size id of the project's database (ci_…). */
export const MAX_IOPS_BY_COMPUTE: Readonly<Record<string, number>> = {
  ci_nano: 250,
  ci_micro: 500,
  ci_small: 1000,
  ci_medium: 2000,
  ci_large: 3600,
  ci_xlarge: 6000,
  ci_2xlarge: 12000,
  ci_4xlarge: 20000,
  ci_8xlarge: 40000,
  ci_12xlarge: 50000,
  ci_16xlarge: 80000,
  ci_24xlarge: 120000,
  ci_24xlarge_optimized_cpu: 120000,
  ci_24xlarge_optimized_memory: 120000,
  ci_24xlarge_high_memory: 120000,
  ci_48xlarge: 240000,
  ci_48xlarge_optimized_cpu: 240000,
  ci_48xlarge_optimized_memory: 240000,
  ci_48xlarge_high_memory: 240000,
};

/** spec B4, B9: a disk change is possible again 21600 s (6 h) after the last one. */
export const DISK_COOLDOWN_SECONDS = 21600;

/** spec B8. */
export const diskUpdateFailedText = (message: string) => `Failed to update disk attributes: ${message}`;

/** The IOPS ceiling of a compute size (spec B9); an unknown size gets micro's. */
export const maxIopsOfCompute = (computeSize: string | undefined): number =>
  MAX_IOPS_BY_COMPUTE[computeSize ?? 'ci_micro'] ?? MAX_IOPS_BY_COMPUTE.ci_micro!;

/**
 * spec B4: remaining = cooldown − seconds since last_modified_at; within the window while > 0. Whole seconds, never
 * negative; 0 when the disk was never changed.
 */
export function cooldownRemainingSeconds(lastModifiedAt: string | null, nowMs: number): number {
  if (!lastModifiedAt) return 0;
  const at = Date.parse(lastModifiedAt);
  if (Number.isNaN(at)) return 0;
  // Capped at the cooldown: a platform clock a moment ahead of the browser's must not show more than 6 h.
  return Math.min(DISK_COOLDOWN_SECONDS, Math.max(0, Math.ceil(DISK_COOLDOWN_SECONDS - (nowMs - at) / 1000)));
}

/** '5 h 59 min', '12 min', 'less than a minute'. */
export function formatCooldown(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds <= 0) return '0 min';
  if (seconds < 60) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h${rest > 0 ? ` ${rest} min` : ''}` : `${rest} min`;
}

/** The attributes a POST /disk sends (spec B7): throughput only for gp3. */
export function diskRequestAttributes(draft: DiskAttributes): DiskAttributes {
  const { type, size_gb, iops } = draft;
  return type === 'gp3' ? { type, size_gb, iops, throughput_mbps: draft.throughput_mbps ?? DISK_TYPE_INCLUDED.gp3.mbps } : { type, size_gb, iops };
}

const inRange = (value: number, range: Range) => Number.isInteger(value) && value >= range.min && value <= range.max;

/**
 * Why these disk attributes cannot be applied (spec B5), or null. Shared by the form and the platform, which checks
 * again. `current` is the disk as it is: a disk never shrinks (the data on it would not fit).
 */
export function diskAttributesProblem(draft: DiskAttributes, options: { computeSize?: string; current?: DiskAttributes | null }): string | null {
  const limits = DISK_LIMITS[draft.type];
  if (!limits) return 'Disk type must be gp3 or io2';
  if (!inRange(draft.size_gb, limits.sizeGb)) return `Disk size must be a whole number of GB between ${limits.sizeGb.min} and ${limits.sizeGb.max} for ${draft.type}`;
  if (options.current && draft.size_gb < options.current.size_gb) return `Disk size cannot be reduced below the current ${options.current.size_gb} GB`;
  if (!inRange(draft.iops, limits.iops)) return `IOPS must be a whole number between ${limits.iops.min} and ${limits.iops.max} for ${draft.type}`;
  const ceiling = maxIopsOfCompute(options.computeSize);
  // spec B9: the compute size caps IOPS; the disk type's own minimum (gp3's 3000 baseline) stays possible on any size.
  if (draft.iops > Math.max(ceiling, limits.iops.min)) return `IOPS cannot exceed ${Math.max(ceiling, limits.iops.min)} on this compute size`;
  if (draft.type === 'gp3') {
    const throughput = draft.throughput_mbps ?? DISK_TYPE_INCLUDED.gp3.mbps;
    if (!inRange(throughput, limits.throughputMbps!)) return `Throughput must be a whole number between ${limits.throughputMbps!.min} and ${limits.throughputMbps!.max} MBps`;
  } else if (draft.throughput_mbps != null) return 'Throughput applies to gp3 disks only';
  return null;
}

/** Same attributes (throughput compared for gp3 only). */
export function sameDisk(a: DiskAttributes, b: DiskAttributes): boolean {
  return a.type === b.type && a.size_gb === b.size_gb && a.iops === b.iops && (a.type !== 'gp3' || (a.throughput_mbps ?? 125) === (b.throughput_mbps ?? 125));
}

/** $ per month of a disk (spec B9 prices), beyond what the type includes; the plan's included GB are not subtracted. */
export function diskMonthlyPrice(disk: DiskAttributes): number {
  const prices = DISK_PRICES[disk.type];
  const included = DISK_TYPE_INCLUDED[disk.type];
  const throughput = disk.type === 'gp3' ? Math.max(0, (disk.throughput_mbps ?? included.mbps) - included.mbps) * prices.perMbps : 0;
  const total = disk.size_gb * prices.perGb + Math.max(0, disk.iops - included.iops) * prices.perIops + throughput;
  return Math.round(total * 100) / 100;
}
