// Resource warnings (spec A2.12, A3 Resource warnings, C§9 cache 1 h): the thresholds the platform measures
// against and the levels (the banner's wording: ./resource-banner.ts). Shared by the platform (server/metrics/resource-warnings.ts), which
// computes the levels from real measurements, and the console, which words them.

export type WarningLevel = 'warning' | 'critical';

/** spec A3: resource warnings per project; each value warning | critical | null. */
export interface ResourceWarnings {
  project: string;
  is_readonly_mode_enabled: WarningLevel | null;
  disk_io_exhaustion: WarningLevel | null;
  disk_space_exhaustion: WarningLevel | null;
  cpu_exhaustion: WarningLevel | null;
  memory_and_swap_exhaustion: WarningLevel | null;
  auth_rate_limit_exhaustion: WarningLevel | null;
  /**
   * Ours, beside the spec's fields (issue 21): connections held on the project's database against its compute
   * size's limit. The local platform can measure it (CPU, RAM and disk IO it cannot: one shared cluster).
   */
  connections_exhaustion: WarningLevel | null;
  multiple_resource_warnings: WarningLevel | null;
}

/** spec C§9: resource warnings are cached 1 h. */
export const RESOURCE_WARNINGS_STALE_MS = 60 * 60 * 1000;

/** Disk use over the disk size: warning from 80 %, critical from 90 %; read-only mode holds from 95 % (spec A2.12). */
export const DISK_WARNING_RATIO = 0.8;
export const DISK_CRITICAL_RATIO = 0.9;
export const READ_ONLY_RATIO = 0.95;
/** Connections over the compute size's limit: warning from 80 %, critical from 95 %. */
export const CONNECTIONS_WARNING_RATIO = 0.8;
export const CONNECTIONS_CRITICAL_RATIO = 0.95;

/** A project with no warning at all (also what a project that is not running answers). */
export const noResourceWarnings = (ref: string): ResourceWarnings => ({
  project: ref,
  is_readonly_mode_enabled: null,
  disk_io_exhaustion: null,
  disk_space_exhaustion: null,
  cpu_exhaustion: null,
  memory_and_swap_exhaustion: null,
  auth_rate_limit_exhaustion: null,
  connections_exhaustion: null,
  multiple_resource_warnings: null,
});

/** The level of a used/limit ratio; null below the warning ratio or without a limit. */
export function levelOf(used: number, limit: number, warningRatio: number, criticalRatio: number): WarningLevel | null {
  if (!(limit > 0) || !Number.isFinite(used)) return null;
  const ratio = used / limit;
  if (ratio >= criticalRatio) return 'critical';
  if (ratio >= warningRatio) return 'warning';
  return null;
}

export const WARNING_FIELDS = [
  'is_readonly_mode_enabled',
  'disk_space_exhaustion',
  'disk_io_exhaustion',
  'cpu_exhaustion',
  'memory_and_swap_exhaustion',
  'auth_rate_limit_exhaustion',
  'connections_exhaustion',
] as const;
export type WarningField = (typeof WARNING_FIELDS)[number];

/** spec A3: several warnings at once make multiple_resource_warnings, at the highest of their levels. */
export function multipleLevel(warnings: Omit<ResourceWarnings, 'project' | 'multiple_resource_warnings'>): WarningLevel | null {
  const levels = WARNING_FIELDS.map((field) => warnings[field]).filter((level): level is WarningLevel => level !== null);
  if (levels.length < 2) return null;
  return levels.includes('critical') ? 'critical' : 'warning';
}
