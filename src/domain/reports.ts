// Reports (issue 19): the database's size, connections by role against the compute size's limit, cache hit ratio,
// and transactions and rows per second — derived from the platform's minute samples of cumulative counters.
// A counter that went down (statistics reset, restart) starts over: that interval has no rate.

export interface MetricSample {
  timestamp: string;
  database_bytes: number;
  storage_bytes: number;
  connections: Record<string, number>;
  blks_hit: number;
  blks_read: number;
  transactions: number;
  rows_read: number;
  rows_written: number;
}

export interface ReportPoint {
  at: Date;
  databaseBytes: number;
  connections: number;
  byRole: Record<string, number>;
  /** Percent of block reads served from the cache over the interval; null without reads or at a reset. */
  cacheHitRatio: number | null;
  transactionsPerSecond: number | null;
  rowsReadPerSecond: number | null;
  rowsWrittenPerSecond: number | null;
}

const rate = (now: number, before: number, seconds: number) => (now >= before && seconds > 0 ? (now - before) / seconds : null);

export function reportPoints(samples: readonly MetricSample[]): ReportPoint[] {
  const sorted = [...samples].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return sorted.map((sample, i) => {
    const before = sorted[i - 1];
    const seconds = before ? (Date.parse(sample.timestamp) - Date.parse(before.timestamp)) / 1000 : 0;
    let cacheHitRatio: number | null = null;
    if (before) {
      const hits = sample.blks_hit - before.blks_hit;
      const reads = sample.blks_read - before.blks_read;
      if (hits >= 0 && reads >= 0 && hits + reads > 0) cacheHitRatio = (hits / (hits + reads)) * 100;
    }
    const byRole = sample.connections ?? {};
    return {
      at: new Date(sample.timestamp),
      databaseBytes: sample.database_bytes,
      connections: Object.values(byRole).reduce((sum, n) => sum + n, 0),
      byRole,
      cacheHitRatio,
      transactionsPerSecond: before ? rate(sample.transactions, before.transactions, seconds) : null,
      rowsReadPerSecond: before ? rate(sample.rows_read, before.rows_read, seconds) : null,
      rowsWrittenPerSecond: before ? rate(sample.rows_written, before.rows_written, seconds) : null,
    };
  });
}

/** The roles seen over the range, the most connected first (the chart's series). */
export function connectionRoles(points: readonly ReportPoint[]): string[] {
  const peak = new Map<string, number>();
  for (const point of points) for (const [role, n] of Object.entries(point.byRole)) peak.set(role, Math.max(peak.get(role) ?? 0, n));
  return [...peak.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([role]) => role);
}

const HOUR = 3_600_000;
/** spec A2 "reports with a date range": the presets; a custom range may go back as far as samples are kept. */
export const REPORT_RANGES = [
  { id: '1h', label: 'Last hour', ms: HOUR },
  { id: '3h', label: 'Last 3 hours', ms: 3 * HOUR },
  { id: '24h', label: 'Last 24 hours', ms: 24 * HOUR },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * HOUR },
] as const;
export const DEFAULT_REPORT_RANGE = '24h';
/** The platform samples every minute and keeps 7 days (server/logs/limits.ts). */
export const REPORT_SAMPLE_MINUTES = 1;
export const REPORT_RETENTION_DAYS = 7;

export interface ProjectUsageDay {
  date: string;
  database_bytes: number | null;
  storage_bytes: number | null;
  egress_bytes: number;
  requests: number;
}

/** The Usage page's totals over the range: the latest sizes, the summed egress and requests. */
export function usageTotals(days: readonly ProjectUsageDay[]): { databaseBytes: number | null; storageBytes: number | null; egressBytes: number; requests: number } {
  const last = <K extends 'database_bytes' | 'storage_bytes'>(key: K) => [...days].reverse().find((d) => d[key] !== null)?.[key] ?? null;
  return {
    databaseBytes: last('database_bytes'),
    storageBytes: last('storage_bytes'),
    egressBytes: days.reduce((sum, d) => sum + d.egress_bytes, 0),
    requests: days.reduce((sum, d) => sum + d.requests, 0),
  };
}
