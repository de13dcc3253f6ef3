// The compute sizes' identifiers, shared by the console and the platform's request schemas (src/api/schemas/lifecycle.ts).
// A module of their own: the first load reads sizes' labels (compute-sizes.ts) by type only.

// spec B9 "Compute sizes" (Micro … 48XL High Memory): the identifiers of databases[].infra_compute_size, smallest
// first. The console's table of labels and prices (src/domain/compute-sizes.ts) is typed against this list; the
// schemas of src/api/schemas/lifecycle.ts validate with it.
export const COMPUTE_SIZES = [
  'ci_micro',
  'ci_small',
  'ci_medium',
  'ci_large',
  'ci_xlarge',
  'ci_2xlarge',
  'ci_4xlarge',
  'ci_8xlarge',
  'ci_12xlarge',
  'ci_16xlarge',
  'ci_24xlarge',
  'ci_24xlarge_optimized_cpu',
  'ci_24xlarge_optimized_memory',
  'ci_24xlarge_high_memory',
  'ci_48xlarge',
  'ci_48xlarge_optimized_cpu',
  'ci_48xlarge_optimized_memory',
  'ci_48xlarge_high_memory',
] as const;
export type ComputeSize = (typeof COMPUTE_SIZES)[number];
