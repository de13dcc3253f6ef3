// Organization usage (spec A3 "Organization usage", C9 usage cache 1 h): metric names shared with the platform
// (server/routes/usage.ts and usage_metrics), how each reads, and its free units.
import { formatBytes } from './format.ts';

/** spec A3: excluded from the usage figures and from the 'Exceeding usage limits' badge. */
export const EXCLUDED_USAGE_METRIC = 'DISK_IOPS_GP3';

/** Metric names the platform reports, in the order of the usage page. */
export const USAGE_METRICS = [
  'DB_SIZE',
  'STORAGE_SIZE',
  'EGRESS',
  'MONTHLY_ACTIVE_USERS',
  'MONTHLY_ACTIVE_SSO_USERS',
  'FUNCTION_INVOCATIONS',
  'STORAGE_IMAGES_TRANSFORMED',
  'REALTIME_MESSAGE_COUNT',
  'REALTIME_PEAK_CONNECTIONS',
] as const;
export type UsageMetricName = (typeof USAGE_METRICS)[number];

const LABELS: Record<UsageMetricName, string> = {
  DB_SIZE: 'Database size',
  STORAGE_SIZE: 'Storage size',
  EGRESS: 'Egress',
  MONTHLY_ACTIVE_USERS: 'Monthly active users',
  MONTHLY_ACTIVE_SSO_USERS: 'Monthly active SSO users',
  FUNCTION_INVOCATIONS: 'Edge function invocations',
  STORAGE_IMAGES_TRANSFORMED: 'Storage image transformations',
  REALTIME_MESSAGE_COUNT: 'Realtime messages',
  REALTIME_PEAK_CONNECTIONS: 'Realtime peak connections',
};

/** Metrics measured in bytes (formatted with formatBytes, spec A9). */
const BYTE_METRICS: ReadonlySet<string> = new Set(['DB_SIZE', 'STORAGE_SIZE', 'EGRESS']);

/** A readable name; unknown metrics keep their name, spaced and capitalised. */
export function usageMetricLabel(metric: string): string {
  if (metric in LABELS) return LABELS[metric as UsageMetricName];
  const words = metric.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isByteMetric = (metric: string): boolean => BYTE_METRICS.has(metric);

/** A usage amount as the page shows it: bytes through formatBytes, counts grouped. */
export function formatUsageAmount(metric: string, amount: number): string {
  if (isByteMetric(metric)) return formatBytes(amount);
  return new Intl.NumberFormat('en-US').format(Number.isFinite(amount) ? amount : 0);
}

export interface UsageFigure {
  metric: string;
  usage: number;
  pricing_free_units: number | null;
  available_in_plan: boolean;
  unlimited: boolean;
}

export interface UsageRow {
  metric: string;
  label: string;
  used: string;
  /** 'Unlimited', 'Not included in plan', or the formatted free units. */
  included: string;
  /** Share of the free units used, 0–100 (null when there is no meaningful limit). */
  percent: number | null;
  exceeded: boolean;
}

/** The rows of the usage page; DISK_IOPS_GP3 never shows (spec A3). Free units default to 0 (spec A2.3). */
export function usageRows(figures: readonly UsageFigure[]): UsageRow[] {
  return figures
    .filter((f) => f.metric !== EXCLUDED_USAGE_METRIC)
    .map((f) => {
      const free = f.pricing_free_units ?? 0;
      const limited = f.available_in_plan && !f.unlimited && free > 0;
      return {
        metric: f.metric,
        label: usageMetricLabel(f.metric),
        used: formatUsageAmount(f.metric, f.usage),
        included: f.unlimited
          ? 'Unlimited'
          : !f.available_in_plan
            ? 'Not included in plan'
            : formatUsageAmount(f.metric, free),
        percent: limited ? Math.min(100, Math.round((f.usage / free) * 1000) / 10) : null,
        exceeded: !f.unlimited && f.usage > free,
      };
    });
}
