// Project settings → Infrastructure (issue 20, spec A2.5 /settings/infrastructure with #{metric} anchors, A2.12: the
// resource banner's buttons link to settings/infrastructure#{metric}). What the local platform can measure of one
// project's database in a cluster every project shares, and what it says plainly it cannot.
import { WARNING_METRICS } from './resource-banner.ts';

export interface InfrastructureFigures {
  compute_size: string;
  disk: {
    database_bytes: number;
    disk_bytes: number;
    /** The platform put the database in read-only mode (its size reached 95 % of the disk). */
    read_only_enforced: boolean;
    /** default_transaction_read_only is on for the database (by the platform or by hand). */
    read_only: boolean;
  };
  connections: { total: number; active: number; idle: number; limit: number };
  /** Proportional set size of the database's backends (/proc/{pid}/smaps_rollup), or null with the reason. */
  memory: { backend_bytes: number | null; backends: number; unavailable_reason: string | null };
  /** The machine's load, not the project's: CPU time is not attributable to one database of a shared cluster. */
  cpu: { cores: number; load_average: [number, number, number] };
  /** Since the statistics were last reset (pg_stat_database). */
  disk_io: { blocks_read: number; blocks_hit: number };
}

/** The anchors of the page: the banner's metric names (A2.12) plus disk_space. */
export const INFRASTRUCTURE_ANCHORS = {
  cpu: WARNING_METRICS.cpu_exhaustion,
  ram: WARNING_METRICS.memory_and_swap_exhaustion,
  disk_space: WARNING_METRICS.disk_space_exhaustion,
  disk_io: WARNING_METRICS.disk_io_exhaustion,
  connections: WARNING_METRICS.connections_exhaustion,
  read_only: WARNING_METRICS.is_readonly_mode_enabled,
} as const;

export const CPU_NOT_MEASURABLE =
  "CPU use cannot be measured per project here: every project's database runs in one Postgres cluster on this machine, and its processes' CPU time is not kept per database. The figures below are the whole machine's.";

/** Used over limit as a percentage with one decimal, or null without a limit. */
export function percentOf(used: number, limit: number): number | null {
  if (!(limit > 0)) return null;
  return Math.round((used / limit) * 1000) / 10;
}
