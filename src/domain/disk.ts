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
