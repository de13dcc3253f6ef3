// Compute sizes (spec B9): their prices and limits. A module of their own so that the project home (first load) reads
// a size's label without the lifecycle screens' rules (src/domain/project-lifecycle.ts re-exports them).
import type { ComputeSize as ComputeSizeId } from './compute-size-ids.ts';

export interface ComputeSize {
  id: ComputeSizeId;
  label: string;
  ramGb: number;
  cpuCores: number;
  pricePerHour: number;
  pricePerMonth: number;
}

const size = (id: ComputeSizeId, label: string, ramGb: number, cpuCores: number, pricePerHour: number, pricePerMonth: number): ComputeSize => ({
  id,
  label,
  ramGb,
  cpuCores,
  pricePerHour,
  pricePerMonth,
});

/** spec B9 compute sizes, smallest first. */
export const COMPUTE_SIZES: readonly ComputeSize[] = [
  size('ci_micro', 'Micro', 1, 2, 0.01344, 10),
  size('ci_small', 'Small', 2, 2, 0.0206, 15),
  size('ci_medium', 'Medium', 4, 2, 0.0822, 60),
  size('ci_large', 'Large', 8, 2, 0.1517, 110),
  size('ci_xlarge', 'XL', 16, 4, 0.2877, 210),
  size('ci_2xlarge', '2XL', 32, 8, 0.562, 410),
  size('ci_4xlarge', '4XL', 64, 16, 1.32, 960),
  size('ci_8xlarge', '8XL', 128, 32, 2.562, 1870),
  size('ci_12xlarge', '12XL', 192, 48, 3.836, 2800),
  size('ci_16xlarge', '16XL', 256, 64, 5.12, 3730),
  size('ci_24xlarge', '24XL', 384, 96, 9.73, 7100),
  size('ci_24xlarge_optimized_cpu', '24XL Optimized CPU', 192, 96, 8.9, 6500),
  size('ci_24xlarge_optimized_memory', '24XL Optimized Memory', 768, 96, 13.84, 10100),
  size('ci_24xlarge_high_memory', '24XL High Memory', 1536, 96, 21.91, 16000),
  size('ci_48xlarge', '48XL', 768, 192, 19.47, 14200),
  size('ci_48xlarge_optimized_cpu', '48XL Optimized CPU', 384, 192, 17.8, 13000),
  size('ci_48xlarge_optimized_memory', '48XL Optimized Memory', 1536, 192, 27.68, 20200),
  size('ci_48xlarge_high_memory', '48XL High Memory', 3072, 192, 43.84, 32000),
];

/** spec B9: the default compute price fallback, $10/month labelled 'Micro'. */
export const DEFAULT_COMPUTE_SIZE = COMPUTE_SIZES[0]!;
/** spec B9: the hosting provider on which 8XL and above are not offered. */
export const LIMITED_CLOUD_PROVIDER = 'FLY';
const FIRST_LIMITED_INDEX = COMPUTE_SIZES.findIndex((s) => s.id === 'ci_8xlarge');

export const computeSizeById = (id: string | undefined): ComputeSize | undefined => COMPUTE_SIZES.find((s) => s.id === id);

/** spec B9: 8XL and above are not available when cloud_provider is FLY. */
export function isComputeSizeAvailable(id: string, cloudProvider: string | undefined): boolean {
  const index = COMPUTE_SIZES.findIndex((s) => s.id === id);
  if (index === -1) return false;
  return cloudProvider !== LIMITED_CLOUD_PROVIDER || index < FIRST_LIMITED_INDEX;
}

export const formatRam = (gb: number): string => `${gb} GB`;
export const formatCpu = (cores: number): string => `${cores}-core`;
export const formatHourly = (price: number): string => `$${price}/hour`;
export const formatMonthly = (price: number): string => `$${price.toLocaleString('en-US')}/month`;

