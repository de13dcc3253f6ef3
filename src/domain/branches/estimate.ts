// The data branch estimate of spec B9 (shown by the create preview branch dialog, B2.8, when cloning data):
// - target disk size = 1.5 × the parent's size_gb, rounded;
// - cost = what exceeds the amounts included on the pro plan (8 GB gp3, and gp3's 3000 IOPS / 125 MBps) × the disk
//   prices of the parent's disk type, per month;
// - time in minutes = 720/21000 × size_gb + 3, with size_gb the parent's real database size (issue 20: measured,
//   not the disk's size).
import { DISK_PRICES, DISK_TYPE_INCLUDED, PLAN_INCLUDED_DISK_GB, type DiskAttributes } from '../disk.ts';

export const BRANCH_DISK_FACTOR = 1.5;
const MINUTES_PER_GB = 720 / 21000;
const BASE_MINUTES = 3;
const GB = 1024 ** 3;

export interface BranchEstimate {
  targetSizeGb: number;
  /** $ per month, rounded to cents. */
  monthlyCost: number;
  /** Whole minutes, rounded up. */
  minutes: number;
}

export function branchEstimate(disk: DiskAttributes, databaseBytes: number): BranchEstimate {
  const targetSizeGb = Math.round(BRANCH_DISK_FACTOR * disk.size_gb);
  const prices = DISK_PRICES[disk.type];
  const included = DISK_TYPE_INCLUDED[disk.type];
  // The pro plan's included disk is gp3: an io2 disk pays for every GB.
  const includedGb = disk.type === 'gp3' ? PLAN_INCLUDED_DISK_GB.pro : 0;
  const storage = Math.max(0, targetSizeGb - includedGb) * prices.perGb;
  const iops = Math.max(0, disk.iops - included.iops) * prices.perIops;
  const throughput = disk.type === 'gp3' ? Math.max(0, (disk.throughput_mbps ?? included.mbps) - included.mbps) * prices.perMbps : 0;
  const monthlyCost = Math.round((storage + iops + throughput) * 100) / 100;
  const sizeGb = Math.max(0, databaseBytes) / GB;
  const minutes = Math.ceil(MINUTES_PER_GB * sizeGb + BASE_MINUTES);
  return { targetSizeGb, monthlyCost, minutes };
}

/** '$1.25/month', '$0.00/month'. */
export const formatMonthlyCost = (cost: number) => `$${cost.toFixed(2)}/month`;
/** '3 minutes', '1 minute'. */
export const formatMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;
