// What a compute size (spec B9) changes on a local platform: every project shares one cluster, so CPU and RAM
// cannot be given; what can is the number of connections the project's roles may hold on its database
// (`ALTER DATABASE … CONNECTION LIMIT`). The figures follow the direct-connection limits hosted platforms
// publish per size; the cluster's own max_connections still caps them all.
import type { ComputeSize } from '../../src/api/schemas/lifecycle.ts';

export const CONNECTION_LIMITS: Readonly<Record<ComputeSize, number>> = {
  ci_micro: 60,
  ci_small: 90,
  ci_medium: 120,
  ci_large: 160,
  ci_xlarge: 240,
  ci_2xlarge: 380,
  ci_4xlarge: 480,
  ci_8xlarge: 490,
  ci_12xlarge: 500,
  ci_16xlarge: 500,
  ci_24xlarge: 500,
  ci_24xlarge_optimized_cpu: 500,
  ci_24xlarge_optimized_memory: 500,
  ci_24xlarge_high_memory: 500,
  ci_48xlarge: 500,
  ci_48xlarge_optimized_cpu: 500,
  ci_48xlarge_optimized_memory: 500,
  ci_48xlarge_high_memory: 500,
};

/** The limit of a stored size; an unknown value (older rows) gets the smallest. */
export function connectionLimit(size: string): number {
  return CONNECTION_LIMITS[size as ComputeSize] ?? CONNECTION_LIMITS.ci_micro;
}
